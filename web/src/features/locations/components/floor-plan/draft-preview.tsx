import { Group } from 'react-konva';
import { shapeCentre, type DraftShape } from '../../model/floor-plan-shapes';
import { SHAPE_COLOURS, ShapeBody } from './shape-node';

/** The shape being drawn, or drawn and waiting for its location: dashed and grey. */
export function DraftPreview({ shape }: { shape: DraftShape }) {
  const centre = shapeCentre(shape);
  return (
    <Group x={centre.x} y={centre.y} rotation={shape.rotation} listening={false}>
      <ShapeBody
        kind={shape.type}
        width={shape.width}
        height={shape.height}
        stroke={SHAPE_COLOURS.draft}
        fill={SHAPE_COLOURS.draftFill}
        dashed
      />
    </Group>
  );
}
