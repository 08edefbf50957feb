/**
 * Shapes are stored in the plan image's own pixels, so they stay put whatever the size of the
 * window; the stage shows the image scaled to fit and converts between the two spaces here.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point, Size {}

/** The largest scale at which the whole image fits the box, keeping its proportions. */
export function fitScale(image: Size, box: Size): number {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(box.width / image.width, box.height / image.height);
}

/** The stage's size for the image at that scale, in whole screen pixels. */
export function stageSize(image: Size, scale: number): Size {
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

export function toImagePoint(point: Point, scale: number): Point {
  return { x: point.x / scale, y: point.y / scale };
}

export function toStagePoint(point: Point, scale: number): Point {
  return { x: point.x * scale, y: point.y * scale };
}

export function clampPoint(point: Point, image: Size): Point {
  return {
    x: Math.min(Math.max(point.x, 0), image.width),
    y: Math.min(Math.max(point.y, 0), image.height),
  };
}

/** The box spanned by two corners, whichever way the pointer was dragged. */
export function boxFromPoints(a: Point, b: Point): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** Moves (and, if it is larger, shrinks) a box so that it lies inside the image. */
export function fitBoxInImage(box: Box, image: Size): Box {
  const width = Math.min(box.width, image.width);
  const height = Math.min(box.height, image.height);
  return {
    x: Math.min(Math.max(box.x, 0), image.width - width),
    y: Math.min(Math.max(box.y, 0), image.height - height),
    width,
    height,
  };
}
