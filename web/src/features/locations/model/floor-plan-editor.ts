import type { FloorPlanShape } from '@tagtrack/contract';
import type { Point } from './floor-plan-geometry';
import { bindShape, moveShape, transformShape, type DraftShape } from './floor-plan-shapes';

/** The edit mode's working copy of the shapes; saved with PUT …/floor_plan/ or thrown away. */
export interface EditorState {
  shapes: FloorPlanShape[];
  selectedId: string | null;
  /** A shape just drawn, waiting for the location it is bound to. */
  draft: DraftShape | null;
  dirty: boolean;
}

export type EditorAction =
  | { type: 'reset'; shapes: FloorPlanShape[] }
  | { type: 'draft'; shape: DraftShape }
  | { type: 'bindDraft'; location: string }
  | { type: 'discardDraft' }
  | { type: 'select'; id: string | null }
  | { type: 'move'; id: string; centre: Point }
  | { type: 'transform'; id: string; centre: Point; width: number; height: number; rotation: number }
  | { type: 'rebind'; id: string; location: string }
  | { type: 'remove'; id: string };

export function initialEditorState(shapes: FloorPlanShape[]): EditorState {
  return { shapes, selectedId: null, draft: null, dirty: false };
}

function update(state: EditorState, id: string, change: (shape: FloorPlanShape) => FloorPlanShape): EditorState {
  if (!state.shapes.some((shape) => shape.id === id)) return state;
  return { ...state, dirty: true, shapes: state.shapes.map((shape) => (shape.id === id ? change(shape) : shape)) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'reset':
      return initialEditorState(action.shapes);
    case 'draft':
      return { ...state, draft: action.shape, selectedId: null };
    case 'bindDraft': {
      if (!state.draft) return state;
      const shape = bindShape(state.draft, action.location);
      return { shapes: [...state.shapes, shape], draft: null, selectedId: shape.id, dirty: true };
    }
    case 'discardDraft':
      return { ...state, draft: null };
    case 'select':
      return { ...state, selectedId: action.id };
    case 'move':
      return update(state, action.id, (shape) => moveShape(shape, action.centre));
    case 'transform':
      return update(state, action.id, (shape) => transformShape(shape, action));
    case 'rebind':
      return update(state, action.id, (shape) => ({ ...shape, location: action.location }));
    case 'remove':
      if (!state.shapes.some((shape) => shape.id === action.id)) return state;
      return {
        ...state,
        dirty: true,
        selectedId: state.selectedId === action.id ? null : state.selectedId,
        shapes: state.shapes.filter((shape) => shape.id !== action.id),
      };
  }
}
