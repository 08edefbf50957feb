/** Query keys of the reader area: every reader or configuration mutation invalidates its prefix. */
export const readerKeys = {
  all: ['readers'] as const,
  lists: () => [...readerKeys.all, 'list'] as const,
  list: (params: object) => [...readerKeys.lists(), params] as const,
  detail: (uuid: string) => [...readerKeys.all, 'detail', uuid] as const,
  setupMode: () => [...readerKeys.all, 'setup-mode'] as const,
  kinds: () => ['reader-kinds'] as const,
  apps: () => ['reader-apps'] as const,
};

export const configurationKeys = {
  all: ['reader-configurations'] as const,
  lists: () => [...configurationKeys.all, 'list'] as const,
  list: (params: object) => [...configurationKeys.lists(), params] as const,
  detail: (id: number) => [...configurationKeys.all, 'detail', id] as const,
};
