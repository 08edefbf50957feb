/** Console paths of the configuration screens (02 §2 Routes). */
export const CONFIGURATION_PATHS = {
  list: '/readers/configuration',
  add: '/readers/configuration/add-configuration',
  handheld: '/readers/configuration/handheld-reader',
  edit: (id: number) => `/readers/configuration/edit-configuration/${id}`,
  /** The add page, prefilled from a template ("Create configuration"). */
  fromTemplate: (id: number) => `/readers/configuration/add-configuration?template=${id}`,
} as const;
