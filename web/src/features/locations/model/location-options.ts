import type { Location } from '@tagtrack/contract';

/** A location a shape can be bound to: a descendant of the plan's location. */
export interface LocationOption {
  uuid: string;
  name: string;
  /** Names from below the plan's location down to this one, joined with ' > ' (spec 03 §2). */
  path: string;
  items: number;
  active: boolean;
}

/** Every descendant of `root`, depth first in the tree's order (the plan's location itself excluded). */
export function descendantOptions(root: Location): LocationOption[] {
  const options: LocationOption[] = [];
  const walk = (node: Location, trail: string[]) => {
    for (const child of node.children) {
      const path = [...trail, child.name];
      options.push({
        uuid: child.uuid,
        name: child.name,
        path: path.join(' > '),
        items: child.items,
        active: child.active,
      });
      walk(child, path);
    }
  };
  walk(root, []);
  return options;
}
