import { FloorPlanInputSchema, type FloorPlanInput, type FloorPlanShape } from '@tagtrack/contract';
import { boxFromPoints, fitBoxInImage, type Box, type Point, type Size } from './floor-plan-geometry';

export type ShapeKind = FloorPlanShape['type'];
/** A shape drawn but not yet bound to a location. */
export type DraftShape = Omit<FloorPlanShape, 'location'>;

/**
 * A shape's geometry: x and y are the top-left corner of its box before rotation, width and
 * height its size, all in image pixels; rotation is in degrees about the box's centre.
 */
export type ShapeGeometry = Pick<FloorPlanShape, 'x' | 'y' | 'width' | 'height' | 'rotation'>;

/** On-screen sizes, turned into image pixels with the current scale when a shape is made. */
export const DOT_DIAMETER_PX = 18;
/** A drag shorter than this is a click: the shape gets the default size. */
export const MIN_DRAG_PX = 8;
export const MIN_SHAPE_PX = 10;
/** The default size of a clicked shape, as a share of the image's shorter side. */
export const DEFAULT_SHAPE_SHARE = 0.15;

/** A random id for a new shape (crypto.randomUUID needs a secure context; this does not). */
export function newShapeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `shape-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The box of a new shape drawn from `from` to `to` (image pixels) at `scale`. A dot has a fixed
 * on-screen size at the point clicked; a click (or a tiny drag) gives the default size centred
 * there; a circle is drawn round (its box square). The box always lies inside the image.
 */
export function newShapeBox(kind: ShapeKind, from: Point, to: Point, image: Size, scale: number): Box {
  if (kind === 'dot') {
    const d = DOT_DIAMETER_PX / scale;
    return fitBoxInImage({ x: from.x - d / 2, y: from.y - d / 2, width: d, height: d }, image);
  }
  const dragged = boxFromPoints(from, to);
  if (Math.max(dragged.width, dragged.height) * scale < MIN_DRAG_PX) {
    const side = Math.min(image.width, image.height) * DEFAULT_SHAPE_SHARE;
    return fitBoxInImage({ x: from.x - side / 2, y: from.y - side / 2, width: side, height: side }, image);
  }
  if (kind === 'circle') {
    const side = Math.max(dragged.width, dragged.height);
    return fitBoxInImage(
      {
        x: to.x < from.x ? from.x - side : from.x,
        y: to.y < from.y ? from.y - side : from.y,
        width: side,
        height: side,
      },
      image,
    );
  }
  const min = MIN_SHAPE_PX / scale;
  return fitBoxInImage(
    { ...dragged, width: Math.max(dragged.width, min), height: Math.max(dragged.height, min) },
    image,
  );
}

export function draftShape(kind: ShapeKind, box: Box, id: string = newShapeId()): DraftShape {
  return { id, type: kind, x: box.x, y: box.y, width: box.width, height: box.height, rotation: 0 };
}

export function bindShape(draft: DraftShape, location: string): FloorPlanShape {
  return { ...draft, location };
}

export function shapeCentre(shape: Box): Point {
  return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
}

/** Moves a shape so that its centre is at `centre` (a drag ends). */
export function moveShape<S extends ShapeGeometry>(shape: S, centre: Point): S {
  return { ...shape, x: centre.x - shape.width / 2, y: centre.y - shape.height / 2 };
}

/** Degrees in (-180, 180]. */
export function normaliseRotation(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : turned;
}

/** A resize or rotation ends: the new centre, size and angle, the size never below the minimum. */
export function transformShape<S extends ShapeGeometry>(
  shape: S,
  change: { centre: Point; width: number; height: number; rotation: number },
  minSize = 1,
): S {
  const width = Math.max(change.width, minSize);
  const height = Math.max(change.height, minSize);
  return {
    ...shape,
    x: change.centre.x - width / 2,
    y: change.centre.y - height / 2,
    width,
    height,
    rotation: normaliseRotation(change.rotation),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The body of PUT …/floor_plan/: every shape, coordinates rounded to a hundredth of an image pixel. */
export function toFloorPlanInput(shapes: readonly FloorPlanShape[]): FloorPlanInput {
  return FloorPlanInputSchema.parse({
    shapes: shapes.map((shape) => ({
      id: shape.id,
      type: shape.type,
      location: shape.location,
      x: round(shape.x),
      y: round(shape.y),
      width: round(shape.width),
      height: round(shape.height),
      rotation: round(shape.rotation),
    })),
  });
}
