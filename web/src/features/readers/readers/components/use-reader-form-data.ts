import { useMemo } from 'react';
import { MAX_PAGE_SIZE, type ReaderConfiguration } from '@tagtrack/contract';
import { useConfigurations } from '../../api/list-configurations';
import { useReaderKinds } from '../../api/list-reader-kinds';
import { choosableConfiguration } from '../model/reader-form';

/** Every configuration and template a reader form may choose from, and the reader types. */
export function useReaderFormData(handheld: boolean) {
  const kinds = useReaderKinds();
  const list = useConfigurations({
    page: 1,
    page_size: MAX_PAGE_SIZE,
    ordering: 'name',
    show_handhelds_and_templates: true,
  });
  const all = list.data?.results;
  const byId = useMemo(() => new Map<number, ReaderConfiguration>((all ?? []).map((c) => [c.id, c])), [all]);
  const choosable = useMemo(() => (all ?? []).filter((c) => choosableConfiguration(c, handheld)), [all, handheld]);
  return { kinds, configurations: list, byId, choosable, ready: kinds.isSuccess && list.isSuccess };
}
