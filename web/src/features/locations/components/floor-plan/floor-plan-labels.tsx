import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FloorPlanShape } from '@tagtrack/contract';
import { labelPlacement } from '../../model/floor-plan-canvas';
import type { Size } from '../../model/floor-plan-geometry';
import { shapeCentre } from '../../model/floor-plan-shapes';

interface FloorPlanLabelsProps {
  shapes: readonly FloorPlanShape[];
  /** The shape being dragged or transformed: its label would lag behind, so it is hidden. */
  movingId: string | null;
  scale: number;
  stage: Size;
  editing: boolean;
  renderLabel: (shape: FloorPlanShape) => ReactNode;
}

/** The shapes' labels, laid over the stage as HTML so they stay sharp and clickable. */
export function FloorPlanLabels({ shapes, movingId, scale, stage, editing, renderLabel }: FloorPlanLabelsProps) {
  return (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {shapes
        .filter((shape) => shape.id !== movingId)
        .map((shape) => {
          const { left, top, inside } = labelPlacement(shape, shapeCentre(shape), scale, stage);
          return (
            <Box
              key={shape.id}
              data-testid="floor-plan-label"
              data-shape-id={shape.id}
              sx={{
                position: 'absolute',
                left,
                top,
                transform: inside ? 'translate(-50%, -50%)' : 'translateX(-50%)',
                pointerEvents: editing ? 'none' : 'auto',
                whiteSpace: 'nowrap',
                opacity: editing ? 0.9 : 1,
              }}
            >
              {renderLabel(shape)}
            </Box>
          );
        })}
    </Box>
  );
}
