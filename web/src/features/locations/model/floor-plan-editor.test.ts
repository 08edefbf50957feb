import { describe, expect, it } from 'vitest';
import type { FloorPlanShape } from '@tagtrack/contract';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './floor-plan-editor';
import { draftShape, toFloorPlanInput } from './floor-plan-shapes';

const HALL = '11111111-1111-4111-8111-111111111111';
const DOCK = '22222222-2222-4222-8222-222222222222';
const saved: FloorPlanShape = {
  id: 'a',
  type: 'circle',
  location: HALL,
  x: 10,
  y: 10,
  width: 40,
  height: 40,
  rotation: 0,
};

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('floor plan editor', () => {
  it('starts clean from the saved shapes', () => {
    expect(initialEditorState([saved])).toEqual({ shapes: [saved], selectedId: null, draft: null, dirty: false });
  });

  it('adds a drawn shape once it is bound to a location, and selects it', () => {
    const drawn = draftShape('rectangle', { x: 100, y: 50, width: 80, height: 60 }, 'b');
    const waiting = run(initialEditorState([saved]), { type: 'draft', shape: drawn });
    expect(waiting.shapes).toHaveLength(1);
    expect(waiting.dirty).toBe(false);

    const bound = editorReducer(waiting, { type: 'bindDraft', location: DOCK });
    expect(bound.draft).toBeNull();
    expect(bound.selectedId).toBe('b');
    expect(bound.dirty).toBe(true);
    expect(toFloorPlanInput(bound.shapes).shapes.map((s) => [s.id, s.type, s.location])).toEqual([
      ['a', 'circle', HALL],
      ['b', 'rectangle', DOCK],
    ]);
  });

  it('drops a drawn shape when no location is chosen', () => {
    const state = run(
      initialEditorState([saved]),
      { type: 'draft', shape: draftShape('dot', { x: 0, y: 0, width: 5, height: 5 }, 'c') },
      { type: 'discardDraft' },
    );
    expect(state.shapes).toEqual([saved]);
    expect(state.dirty).toBe(false);
  });

  it('moves, resizes, rebinds and deletes, producing the payload', () => {
    const state = run(
      initialEditorState([saved, { ...saved, id: 'z', type: 'triangle' }]),
      { type: 'select', id: 'a' },
      { type: 'move', id: 'a', centre: { x: 100, y: 100 } },
      { type: 'transform', id: 'a', centre: { x: 100, y: 100 }, width: 60, height: 20, rotation: 370 },
      { type: 'rebind', id: 'a', location: DOCK },
      { type: 'remove', id: 'z' },
    );
    expect(state.dirty).toBe(true);
    expect(state.selectedId).toBe('a');
    expect(toFloorPlanInput(state.shapes)).toEqual({
      shapes: [{ id: 'a', type: 'circle', location: DOCK, x: 70, y: 90, width: 60, height: 20, rotation: 10 }],
    });
  });

  it('clears the selection when the selected shape is deleted', () => {
    const state = run(initialEditorState([saved]), { type: 'select', id: 'a' }, { type: 'remove', id: 'a' });
    expect(state.selectedId).toBeNull();
    expect(toFloorPlanInput(state.shapes)).toEqual({ shapes: [] });
  });

  it('ignores changes to unknown shapes and resets to the saved ones', () => {
    const start = initialEditorState([saved]);
    expect(editorReducer(start, { type: 'move', id: 'nope', centre: { x: 1, y: 1 } })).toBe(start);
    expect(editorReducer(start, { type: 'remove', id: 'nope' })).toBe(start);
    const edited = editorReducer(start, { type: 'remove', id: 'a' });
    expect(editorReducer(edited, { type: 'reset', shapes: [saved] })).toEqual(start);
  });
});
