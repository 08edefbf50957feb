import type { SvgIconProps } from '@mui/material/SvgIcon';
import ChangeHistoryIcon from '@mui/icons-material/ChangeHistory';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { FLOOR_PLAN_SHAPES } from '@tagtrack/contract';
import type { ShapeKind } from '../../model/floor-plan-shapes';

/** Label keys of the spec's shapes: Triangle, Rectangle, Circle, Dot Mark. */
export const SHAPE_LABEL_KEYS = {
  triangle: 'toolTriangle',
  rectangle: 'toolRectangle',
  circle: 'toolCircle',
  dot: 'toolDot',
} as const satisfies Record<ShapeKind, string>;

export const SHAPE_KINDS: readonly ShapeKind[] = FLOOR_PLAN_SHAPES;

export function ShapeIcon({ kind, ...props }: { kind: ShapeKind } & SvgIconProps) {
  switch (kind) {
    case 'triangle':
      return <ChangeHistoryIcon {...props} />;
    case 'rectangle':
      return <CropSquareIcon {...props} />;
    case 'circle':
      return <CircleOutlinedIcon {...props} />;
    case 'dot':
      return <FiberManualRecordIcon {...props} />;
  }
}
