import { describe, expect, it } from 'vitest';
import { FloorPlanInputSchema } from '@tagtrack/contract';
import {
  DOT_DIAMETER_PX,
  bindShape,
  draftShape,
  moveShape,
  newShapeBox,
  newShapeId,
  normaliseRotation,
  shapeCentre,
  toFloorPlanInput,
  transformShape,
} from './floor-plan-shapes';

const IMAGE = { width: 2000, height: 1000 };
const CHILD = '7f1d3a52-9c7e-4a5b-8d2e-3f4a5b6c7d8e';

describe('new shapes', () => {
  it('takes the dragged box for a rectangle or a triangle', () => {
    expect(newShapeBox('rectangle', { x: 300, y: 200 }, { x: 100, y: 500 }, IMAGE, 0.5)).toEqual({
      x: 100,
      y: 200,
      width: 200,
      height: 300,
    });
    expect(newShapeBox('triangle', { x: 10, y: 10 }, { x: 110, y: 60 }, IMAGE, 1)).toEqual({
      x: 10,
      y: 10,
      width: 100,
      height: 50,
    });
  });

  it('draws a circle round, towards the drag', () => {
    expect(newShapeBox('circle', { x: 500, y: 500 }, { x: 400, y: 450 }, IMAGE, 1)).toEqual({
      x: 400,
      y: 400,
      width: 100,
      height: 100,
    });
  });

  it('gives a click the default size centred on it', () => {
    // 15 % of the shorter side (1000 px) = 150 px.
    expect(newShapeBox('rectangle', { x: 600, y: 400 }, { x: 602, y: 401 }, IMAGE, 0.5)).toEqual({
      x: 525,
      y: 325,
      width: 150,
      height: 150,
    });
  });

  it('gives a dot the same on-screen size at any scale', () => {
    const box = newShapeBox('dot', { x: 1000, y: 500 }, { x: 1300, y: 900 }, IMAGE, 0.25);
    expect(box.width).toBe(DOT_DIAMETER_PX / 0.25);
    expect(box.width * 0.25).toBe(DOT_DIAMETER_PX);
    expect(shapeCentre(box)).toEqual({ x: 1000, y: 500 });
  });

  it('keeps new shapes inside the image', () => {
    const box = newShapeBox('rectangle', { x: 1990, y: 5 }, { x: 1991, y: 6 }, IMAGE, 1);
    expect(box.x + box.width).toBe(2000);
    expect(box.y).toBe(0);
  });

  it('makes unique ids the contract accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newShapeId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
  });
});

describe('moving, resizing and the payload', () => {
  const shape = bindShape(draftShape('rectangle', { x: 100, y: 100, width: 200, height: 100 }, 's1'), CHILD);

  it('moves by the centre', () => {
    expect(moveShape(shape, { x: 500, y: 500 })).toMatchObject({ x: 400, y: 450, width: 200, height: 100 });
  });

  it('resizes and rotates about the centre, never below the minimum', () => {
    const resized = transformShape(shape, { centre: { x: 200, y: 150 }, width: 400, height: 50, rotation: 30 });
    expect(resized).toMatchObject({ x: 0, y: 125, width: 400, height: 50, rotation: 30 });
    expect(transformShape(shape, { centre: { x: 0, y: 0 }, width: 0, height: -3, rotation: 0 }, 4)).toMatchObject({
      width: 4,
      height: 4,
    });
  });

  it('keeps angles in (-180, 180]', () => {
    expect(normaliseRotation(190)).toBe(-170);
    expect(normaliseRotation(-190)).toBe(170);
    expect(normaliseRotation(540)).toBe(180);
    expect(normaliseRotation(-180)).toBe(180);
    expect(normaliseRotation(45)).toBe(45);
  });

  it('sends every shape, rounded, as the contract’s FloorPlanInput', () => {
    const moved = moveShape(shape, { x: 333.33333, y: 250.55555 });
    const input = toFloorPlanInput([moved, { ...shape, id: 's2', type: 'dot', width: 12, height: 12 }]);
    expect(input).toEqual({
      shapes: [
        { id: 's1', type: 'rectangle', location: CHILD, x: 233.33, y: 200.56, width: 200, height: 100, rotation: 0 },
        { id: 's2', type: 'dot', location: CHILD, x: 100, y: 100, width: 12, height: 12, rotation: 0 },
      ],
    });
    expect(FloorPlanInputSchema.safeParse(input).success).toBe(true);
  });

  it('refuses a shape that is not bound to a location', () => {
    expect(() => toFloorPlanInput([{ ...shape, location: '' }])).toThrow();
  });
});
