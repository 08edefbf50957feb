const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp as the spec's tables show it: yyyy-MM-dd HH:mm:ss in the browser's time zone. Invalid input: ''. */
export function formatTimestamp(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
