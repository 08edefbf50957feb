import { describe, expect, it } from 'vitest';
import {
  boundTransform,
  canvasBox,
  halfRotatedHeight,
  hoverCursor,
  isPlanBackground,
  keepOnStage,
  labelPlacement,
  scaledTransform,
  shapeKeyAction,
  transformerHandles,
} from './floor-plan-canvas';

const stage = { width: 800, height: 600 };

describe('canvasBox', () => {
  it("takes the column's width and the window's height less the page around it, at least 360", () => {
    expect(canvasBox(900, 1000)).toEqual({ width: 900, height: 760 });
    expect(canvasBox(900, 500)).toEqual({ width: 900, height: 360 });
    expect(canvasBox(900, 800.6)).toEqual({ width: 900, height: 561 });
  });
});

describe('halfRotatedHeight', () => {
  it('is half the height upright and half the width turned a quarter', () => {
    expect(halfRotatedHeight({ width: 100, height: 40, rotation: 0 })).toBeCloseTo(20);
    expect(halfRotatedHeight({ width: 100, height: 40, rotation: 90 })).toBeCloseTo(50);
    expect(halfRotatedHeight({ width: 100, height: 100, rotation: 45 })).toBeCloseTo(Math.SQRT2 * 50);
  });
});

describe('labelPlacement', () => {
  it('centres the label inside a shape with room for it, in screen pixels', () => {
    const shape = { width: 400, height: 200, rotation: 0 };
    expect(labelPlacement(shape, { x: 500, y: 300 }, 0.5, stage)).toEqual({ left: 250, top: 150, inside: true });
  });

  it('puts the label just below a small shape', () => {
    const dot = { width: 20, height: 20, rotation: 0 };
    expect(labelPlacement(dot, { x: 200, y: 100 }, 1, stage)).toEqual({ left: 200, top: 114, inside: false });
  });

  it('keeps a label off the stage sides and bottom', () => {
    const dot = { width: 20, height: 20, rotation: 0 };
    expect(labelPlacement(dot, { x: 5, y: 595 }, 1, stage)).toEqual({ left: 40, top: 572, inside: false });
    expect(labelPlacement(dot, { x: 799, y: 10 }, 1, stage).left).toBe(760);
  });

  it('needs both the width and the height for the label inside', () => {
    const flat = { width: 400, height: 40, rotation: 0 };
    expect(labelPlacement(flat, { x: 200, y: 100 }, 1, stage).inside).toBe(false);
    const narrow = { width: 100, height: 200, rotation: 0 };
    expect(labelPlacement(narrow, { x: 200, y: 200 }, 1, stage).inside).toBe(false);
  });
});

describe('transformerHandles', () => {
  it('lets a dot only move', () => {
    expect(transformerHandles('dot')).toEqual({ rotate: false, keepRatio: true, anchors: [] });
  });

  it('resizes a circle from its corners, keeping its proportions', () => {
    expect(transformerHandles('circle')).toEqual({
      rotate: true,
      keepRatio: true,
      anchors: ['top-left', 'top-right', 'bottom-left', 'bottom-right'],
    });
  });

  it('resizes a rectangle from every side and corner', () => {
    const handles = transformerHandles('rectangle');
    expect(handles.rotate).toBe(true);
    expect(handles.keepRatio).toBe(false);
    expect(handles.anchors).toHaveLength(8);
    expect(handles.anchors).toContain('middle-left');
  });
});

describe('boundTransform', () => {
  const previous = { x: 0, y: 0, width: 50, height: 50 };

  it('keeps the previous box when the new one is too small to grab', () => {
    expect(boundTransform(previous, { x: 0, y: 0, width: 7, height: 50 })).toBe(previous);
    expect(boundTransform(previous, { x: 0, y: 0, width: 50, height: -7 })).toBe(previous);
  });

  it('takes a new box of at least 8 pixels each way', () => {
    const next = { x: 1, y: 1, width: 8, height: -8 };
    expect(boundTransform(previous, next)).toBe(next);
  });
});

describe('keepOnStage', () => {
  it('holds a dragged position inside the stage', () => {
    expect(keepOnStage({ x: -10, y: 900 }, stage)).toEqual({ x: 0, y: 600 });
    expect(keepOnStage({ x: 30, y: 40 }, stage)).toEqual({ x: 30, y: 40 });
  });

  it('leaves the position alone with no stage yet', () => {
    expect(keepOnStage({ x: -10, y: 900 }, null)).toEqual({ x: -10, y: 900 });
  });
});

describe('isPlanBackground', () => {
  it('is the stage or the plan image, not a shape or the transformer', () => {
    expect(isPlanBackground('Stage')).toBe(true);
    expect(isPlanBackground('Image')).toBe(true);
    expect(isPlanBackground('Rect')).toBe(false);
    expect(isPlanBackground('Transformer')).toBe(false);
  });
});

describe('shapeKeyAction', () => {
  it('deletes with Delete or Backspace and deselects with Escape', () => {
    expect(shapeKeyAction('Delete')).toBe('delete');
    expect(shapeKeyAction('Backspace')).toBe('delete');
    expect(shapeKeyAction('Escape')).toBe('deselect');
    expect(shapeKeyAction('a')).toBeNull();
  });
});

describe('hoverCursor', () => {
  it('shows move over a shape while editing with the select tool only', () => {
    expect(hoverCursor(true, { editing: true, tool: 'select', canOpen: true })).toBe('move');
    expect(hoverCursor(true, { editing: true, tool: 'rectangle', canOpen: true })).toBe('');
    expect(hoverCursor(false, { editing: true, tool: 'select', canOpen: false })).toBe('');
  });

  it('shows a pointer in view mode when the shape opens, and leaves the cursor alone when not', () => {
    expect(hoverCursor(true, { editing: false, tool: 'select', canOpen: true })).toBe('pointer');
    expect(hoverCursor(false, { editing: false, tool: 'select', canOpen: true })).toBe('');
    expect(hoverCursor(true, { editing: false, tool: 'select', canOpen: false })).toBeUndefined();
  });
});

describe('scaledTransform', () => {
  it("moves the node's scale into the shape's size at the node's place and angle", () => {
    expect(
      scaledTransform({ width: 100, height: 40 }, { x: 12, y: 34, scaleX: 1.5, scaleY: 0.5, rotation: 30 }),
    ).toEqual({ centre: { x: 12, y: 34 }, width: 150, height: 20, rotation: 30 });
  });
});
