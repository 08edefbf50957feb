/** The Configurations tab of /readers (02 §2). */
export function ConfigurationListTab() {
  return null;
}
