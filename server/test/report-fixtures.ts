/** The fields of the stock report the scheduler tests run: location, count, SKU. */
export const STOCK_FIELDS = [
  { header: 'Location', headerKey: 'location__name' },
  { header: 'Count', headerKey: 'count' },
  { header: 'SKU', headerKey: 'product__sku' },
];

/** POST /report/scheduled/'s body for a daily stock report at 06:00 UTC, starting `startsInMs` from now. */
export function dailyStockReport(name: string, startsInMs: number) {
  return {
    report_name: name,
    report_json: { fields: STOCK_FIELDS },
    scheduled: {
      start: new Date(Date.now() + startsInMs).toISOString(),
      end: null,
      recurrence: { minute: '0', hour: '6', day_of_week: '*', day_of_month: '*', month_of_year: '*' },
    },
  };
}
