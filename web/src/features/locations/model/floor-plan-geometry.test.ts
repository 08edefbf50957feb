import { describe, expect, it } from 'vitest';
import {
  boxFromPoints,
  clampPoint,
  fitBoxInImage,
  fitScale,
  stageSize,
  toImagePoint,
  toStagePoint,
} from './floor-plan-geometry';

describe('floor plan geometry', () => {
  it('fits a wide image to the width and a tall one to the height', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 1000, height: 800 })).toBe(0.5);
    expect(fitScale({ width: 1000, height: 2000 }, { width: 1000, height: 800 })).toBe(0.4);
    expect(fitScale({ width: 400, height: 300 }, { width: 800, height: 900 })).toBe(2);
  });

  it('falls back to 1 before anything has a size', () => {
    expect(fitScale({ width: 0, height: 0 }, { width: 800, height: 600 })).toBe(1);
    expect(fitScale({ width: 800, height: 600 }, { width: 0, height: 600 })).toBe(1);
  });

  it('sizes the stage in whole pixels', () => {
    expect(stageSize({ width: 1001, height: 333 }, 0.5)).toEqual({ width: 501, height: 167 });
  });

  it('converts stage points to image pixels and back', () => {
    const scale = fitScale({ width: 2400, height: 1600 }, { width: 960, height: 700 });
    expect(scale).toBe(0.4);
    const image = toImagePoint({ x: 96, y: 40 }, scale);
    expect(image).toEqual({ x: 240, y: 100 });
    expect(toStagePoint(image, scale)).toEqual({ x: 96, y: 40 });
  });

  it('keeps a shape in image pixels whatever the window size', () => {
    const shapeAt = { x: 1200, y: 800 };
    const wide = fitScale({ width: 2400, height: 1600 }, { width: 1200, height: 1000 });
    const narrow = fitScale({ width: 2400, height: 1600 }, { width: 600, height: 1000 });
    expect(toStagePoint(shapeAt, wide)).toEqual({ x: 600, y: 400 });
    expect(toStagePoint(shapeAt, narrow)).toEqual({ x: 300, y: 200 });
    expect(toImagePoint(toStagePoint(shapeAt, narrow), narrow)).toEqual(shapeAt);
  });

  it('clamps points and boxes to the image', () => {
    const image = { width: 100, height: 50 };
    expect(clampPoint({ x: -5, y: 70 }, image)).toEqual({ x: 0, y: 50 });
    expect(fitBoxInImage({ x: 90, y: -10, width: 20, height: 20 }, image)).toEqual({
      x: 80,
      y: 0,
      width: 20,
      height: 20,
    });
    expect(fitBoxInImage({ x: 10, y: 10, width: 500, height: 20 }, image)).toEqual({
      x: 0,
      y: 10,
      width: 100,
      height: 20,
    });
  });

  it('spans a box between two corners dragged either way', () => {
    expect(boxFromPoints({ x: 50, y: 40 }, { x: 10, y: 60 })).toEqual({ x: 10, y: 40, width: 40, height: 20 });
  });
});
