import type { FloorPlanShape } from '@tagtrack/contract';
import type { Point, Size } from './floor-plan-geometry';
import type { ShapeKind } from './floor-plan-shapes';

/**
 * What the canvas does on the screen, apart from drawing: where labels go, which handles the
 * transformer offers, how far a drag may go. Stage values are screen pixels, shape values image
 * pixels (the layer carries the scale).
 */

export type FloorPlanTool = 'select' | ShapeKind;

export interface ShapeTransform {
  centre: Point;
  width: number;
  height: number;
  rotation: number;
}

/** Smaller than this on screen, a resize stops (the shape would be too small to grab). */
export const MIN_TRANSFORM_PX = 8;
/** On-screen size a shape needs to carry its label inside. */
export const LABEL_INSIDE_MIN = { width: 150, height: 60 };
export const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ALL_ANCHORS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-right',
  'middle-left',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];
const CORNER_ANCHORS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** The room the plan gets: the column's width and at most what is left of the window's height. */
export function canvasBox(columnWidth: number, windowHeight: number): Size {
  return { width: columnWidth, height: Math.max(360, Math.round(windowHeight - 240)) };
}

/** Half the height of a shape's rotated box: its label goes just below it. */
export function halfRotatedHeight(shape: Pick<FloorPlanShape, 'width' | 'height' | 'rotation'>): number {
  const angle = (shape.rotation * Math.PI) / 180;
  return (Math.abs(shape.width * Math.sin(angle)) + Math.abs(shape.height * Math.cos(angle))) / 2;
}

export interface LabelPlacement {
  left: number;
  top: number;
  /** Centred inside the shape; otherwise just below it. */
  inside: boolean;
}

/**
 * Where a shape's label sits on the stage: inside a shape with room for it, just below a smaller
 * one (a dot), and never off the stage's sides or bottom.
 */
export function labelPlacement(
  shape: Pick<FloorPlanShape, 'width' | 'height' | 'rotation'>,
  centre: Point,
  scale: number,
  stage: Size,
): LabelPlacement {
  const halfHeight = halfRotatedHeight(shape) * scale;
  const inside = halfHeight * 2 >= LABEL_INSIDE_MIN.height && shape.width * scale >= LABEL_INSIDE_MIN.width;
  const top = inside ? centre.y * scale : centre.y * scale + halfHeight + 4;
  return {
    left: Math.min(Math.max(centre.x * scale, 40), stage.width - 40),
    top: inside ? top : Math.min(top, stage.height - 28),
    inside,
  };
}

/**
 * The transformer's handles for the selected shape: a dot only moves, circles keep their
 * proportions and resize from the corners, the rest resize from every side and rotate.
 */
export function transformerHandles(kind: FloorPlanShape['type'] | undefined): {
  rotate: boolean;
  keepRatio: boolean;
  anchors: string[];
} {
  const round = kind === 'circle' || kind === 'dot';
  return {
    rotate: kind !== 'dot',
    keepRatio: round,
    anchors: kind === 'dot' ? [] : round ? CORNER_ANCHORS : ALL_ANCHORS,
  };
}

/** A resize that would make the box smaller than MIN_TRANSFORM_PX keeps the previous box. */
export function boundTransform<B extends Size>(previous: B, next: B): B {
  return Math.abs(next.width) < MIN_TRANSFORM_PX || Math.abs(next.height) < MIN_TRANSFORM_PX ? previous : next;
}

/** A dragged shape's position, kept on the stage (null while there is none). */
export function keepOnStage(position: Point, stage: Size | null): Point {
  return stage
    ? { x: Math.min(Math.max(position.x, 0), stage.width), y: Math.min(Math.max(position.y, 0), stage.height) }
    : position;
}

/** A press on the plan itself, not on a shape or the transformer: Konva's class of the target. */
export function isPlanBackground(className: string): boolean {
  return className === 'Stage' || className === 'Image';
}

/** What a key does to the selected shape while editing. */
export function shapeKeyAction(key: string): 'delete' | 'deselect' | null {
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  return key === 'Escape' ? 'deselect' : null;
}

/** The canvas's cursor over a shape, or undefined where it leaves the cursor alone. */
export function hoverCursor(
  hovered: boolean,
  { editing, tool, canOpen }: { editing: boolean; tool: FloorPlanTool; canOpen: boolean },
): string | undefined {
  if (editing) return hovered && tool === 'select' ? 'move' : '';
  if (canOpen) return hovered ? 'pointer' : '';
  return undefined;
}

/**
 * A shape after the transformer scaled it: the size goes into width and height (the node's scale
 * is reset to 1), at the node's position and rotation.
 */
export function scaledTransform(
  shape: Pick<FloorPlanShape, 'width' | 'height'>,
  node: { x: number; y: number; scaleX: number; scaleY: number; rotation: number },
): ShapeTransform {
  return {
    centre: { x: node.x, y: node.y },
    width: shape.width * node.scaleX,
    height: shape.height * node.scaleY,
    rotation: node.rotation,
  };
}
