/** A report id from the route: a whole number from 1, else null (the page says not found, asks nothing). */
export function parseReportId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}
