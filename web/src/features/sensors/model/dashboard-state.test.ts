import { describe, expect, it } from 'vitest';
import { measurementQueryParams, sensorQueryParams } from './dashboard-state';

const list = { page: 2, page_size: 12, ordering: '-time', search: 'vacc' };
const TYPE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const PLACE = '00000000-0000-4000-8000-000000000001';

describe('the dashboard’s queries', () => {
  it('ask for the tiles with the filters that are set', () => {
    expect(sensorQueryParams({ product: '', location: '', measurement_type: '' }, list)).toEqual(list);
    expect(sensorQueryParams({ product: '7', location: PLACE, measurement_type: TYPE }, list)).toEqual({
      ...list,
      product: 7,
      location: PLACE,
      measurement_type: TYPE,
    });
  });

  it('ask for the chosen sensor’s measurements, else those of the product and location', () => {
    const page = { page: 1, page_size: 20, ordering: '-time' };
    const filters = { product: '7', location: PLACE, measurement_type: TYPE };
    expect(measurementQueryParams(filters, null, page)).toEqual({ ...page, product: 7, location: PLACE });
    expect(measurementQueryParams(filters, 'E280AB', page)).toEqual({ ...page, sensor: 'E280AB' });
  });
});
