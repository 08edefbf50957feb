/** The Groups tab of /user-tabs (03 §2 Groups tab). */
export function GroupListTab() {
  return null;
}
