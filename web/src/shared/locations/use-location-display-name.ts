import { useCallback, useMemo } from 'react';
import { useWholeLocationTree } from './get-whole-location-tree';

/**
 * For rows that carry a location's uuid and its name as the server wrote it (items, counts,
 * history): the name to show, translated when the uuid is a system root.
 */
export function useLocationDisplayName() {
  const tree = useWholeLocationTree();
  const specials = useMemo(
    () => new Map((tree.data ?? []).filter((root) => root.special).map((root) => [root.uuid, root.name])),
    [tree.data],
  );
  return useCallback(
    (uuid: string | null | undefined, name: string) => (uuid ? (specials.get(uuid) ?? name) : name),
    [specials],
  );
}
