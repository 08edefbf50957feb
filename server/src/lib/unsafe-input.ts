import { MESSAGE_KEYS, messageWithParams } from '@tagtrack/contract';

/** The message (key) for U+0000 in a value, worded as Django REST answers it. */
export const NUL_MESSAGE = MESSAGE_KEYS.nullCharacters;
/** How deep a request's JSON may nest: the spec's payloads need a few levels, metadata a few more. */
export const MAX_NESTING = 32;
export const NESTING_MESSAGE = messageWithParams('nestingTooDeep', { max: MAX_NESTING });

/** A value no route may take: where it is (the path of keys and indexes) and why. */
export interface UnsafeInput {
  path: string[];
  message: string;
}

/** A key as a field name: control characters written as JSON escapes. */
const fieldName = (key: string) => JSON.stringify(key).slice(1, -1);

/** A container being walked: how it is reached from the root, for the path of what is found. */
interface Frame {
  value: object;
  depth: number;
  key: string | null;
  parent: Frame | null;
}

function pathTo(frame: Frame | null, last?: string): string[] {
  const path = last === undefined ? [] : [last];
  for (let f = frame; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * The first string or key holding U+0000 (which PostgreSQL cannot store in text), or the first
 * value nested deeper than maxDepth, in a parsed request part; null when there is none. Walks
 * without recursion, so that no nesting can overflow the stack, and builds a path only for what it
 * finds (a read batch's 500 reads are walked on every batch).
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_NESTING): UnsafeInput | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path: [], message: NUL_MESSAGE } : null;
  if (value === null || typeof value !== 'object') return null;
  const stack: Frame[] = [{ value, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth >= maxDepth) return { path: pathTo(frame), message: NESTING_MESSAGE };
    const container = frame.value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      if (key.includes('\u0000')) return { path: pathTo(frame, fieldName(key)), message: NUL_MESSAGE };
      const item = container[key];
      if (typeof item === 'string') {
        if (item.includes('\u0000')) return { path: pathTo(frame, key), message: NUL_MESSAGE };
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: frame.depth + 1, key, parent: frame });
      }
    }
  }
  return null;
}

/** An unsafe input as a ValidationError's detail: its field (dotted path) and message. */
export function unsafeInputDetail(unsafe: UnsafeInput): Record<string, string[]> {
  return { [unsafe.path.join('.') || 'non_field_errors']: [unsafe.message] };
}
