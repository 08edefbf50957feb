import type Konva from 'konva';
import { Circle, Ellipse, Group, Line, Rect } from 'react-konva';
import type { ShapeKind } from '../../model/floor-plan-shapes';

export const SHAPE_COLOURS = {
  stroke: '#0b6285',
  fill: 'rgba(11, 98, 133, 0.18)',
  fillHover: 'rgba(11, 98, 133, 0.32)',
  selected: '#e07a1f',
  selectedFill: 'rgba(224, 122, 31, 0.22)',
  dot: '#d92d20',
  draft: '#566573',
  draftFill: 'rgba(86, 101, 115, 0.12)',
} as const;

interface ShapeBodyProps {
  kind: ShapeKind;
  width: number;
  height: number;
  stroke: string;
  fill: string;
  dashed?: boolean;
}

/** A shape's outline drawn round the origin (its group sits at the shape's centre). */
export function ShapeBody({ kind, width, height, stroke, fill, dashed }: ShapeBodyProps) {
  const common = {
    stroke,
    fill,
    strokeWidth: 2,
    // The stroke keeps its on-screen width whatever the plan's scale.
    strokeScaleEnabled: false,
    dash: dashed ? [6, 4] : undefined,
    perfectDrawEnabled: false,
  };
  switch (kind) {
    case 'rectangle':
      return <Rect x={-width / 2} y={-height / 2} width={width} height={height} {...common} />;
    case 'circle':
      return <Ellipse radiusX={width / 2} radiusY={height / 2} {...common} />;
    case 'triangle':
      return <Line points={[0, -height / 2, width / 2, height / 2, -width / 2, height / 2]} closed {...common} />;
    case 'dot':
      return (
        <Circle
          radius={Math.min(width, height) / 2}
          {...common}
          fill={dashed ? fill : SHAPE_COLOURS.dot}
          stroke="#ffffff"
          shadowColor="rgba(16, 24, 40, 0.35)"
          shadowBlur={4}
          shadowForStrokeEnabled={false}
        />
      );
  }
}

export interface ShapeNodeProps {
  id: string;
  kind: ShapeKind;
  centre: { x: number; y: number };
  width: number;
  height: number;
  rotation: number;
  selected: boolean;
  hovered: boolean;
  draggable: boolean;
  listening: boolean;
  name: string;
  dragBoundFunc?: (pos: Konva.Vector2d) => Konva.Vector2d;
  onPointerDown?: (event: Konva.KonvaEventObject<PointerEvent>) => void;
  onClick?: () => void;
  onHover?: (hovered: boolean) => void;
  onDragStart?: () => void;
  onDragEnd?: (event: Konva.KonvaEventObject<DragEvent>) => void;
  onTransformStart?: () => void;
  onTransformEnd?: (event: Konva.KonvaEventObject<Event>) => void;
}

/** One shape of the plan: a group at the shape's centre, so it rotates and scales about it. */
export function ShapeNode(props: ShapeNodeProps) {
  const { kind, width, height, selected, hovered } = props;
  return (
    <Group
      id={props.id}
      name={props.name}
      x={props.centre.x}
      y={props.centre.y}
      rotation={props.rotation}
      draggable={props.draggable}
      listening={props.listening}
      dragBoundFunc={props.dragBoundFunc}
      onPointerDown={props.onPointerDown}
      onClick={props.onClick}
      onTap={props.onClick}
      onMouseEnter={() => props.onHover?.(true)}
      onMouseLeave={() => props.onHover?.(false)}
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      onTransformStart={props.onTransformStart}
      onTransformEnd={props.onTransformEnd}
    >
      <ShapeBody
        kind={kind}
        width={width}
        height={height}
        stroke={selected ? SHAPE_COLOURS.selected : SHAPE_COLOURS.stroke}
        fill={selected ? SHAPE_COLOURS.selectedFill : hovered ? SHAPE_COLOURS.fillHover : SHAPE_COLOURS.fill}
      />
    </Group>
  );
}
