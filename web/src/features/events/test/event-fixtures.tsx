import { useLocation } from 'react-router-dom';
import type { MeasurementType, Observation, ObservationRule, Product, RuleRecipient } from '@tagtrack/contract';

export const TEMPERATURE: MeasurementType = {
  uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01',
  name: 'Temperature',
  unit: 'C',
  symbol: '°C',
};
export const HUMIDITY: MeasurementType = {
  uuid: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02',
  name: 'Humidity',
  unit: '%',
  symbol: '%',
};

/** An event (observation rule) as GET /sensor-data/observation/rule/ answers it. */
export function eventRule(n: number, name: string, overrides: Partial<ObservationRule> = {}): ObservationRule {
  return {
    id: `0b7c1f7e-1d5a-4a57-9a1f-0e3b6c2d9a${String(n).padStart(2, '0')}`,
    name,
    measurement_type: TEMPERATURE.uuid,
    cooldown: 5,
    active_time_threshold: 0,
    conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } }],
    actions: [],
    products: [4],
    created: '2026-11-01T08:00:00.000Z',
    modified: '2026-11-02T09:15:30.000Z',
    ...overrides,
  };
}

/** An alert as GET /sensor-data/observation/observation/ answers it. */
export function alert(n: number, overrides: Partial<Observation> = {}): Observation {
  return {
    uuid: `5d2e8a10-7c3b-4f6a-8b2d-1e9f0a3c5b${String(n).padStart(2, '0')}`,
    kind: 'rule',
    rule: { id: eventRule(1, '').id, name: 'Vaccine too warm' },
    products: [4, 5],
    product_names: ['Vaccine', 'Insulin'],
    measurements: {
      value: 9.25,
      measurement_type: TEMPERATURE.uuid,
      unit: 'C',
      symbol: '°C',
      sensor: '33000000000000640000000A',
      location: null,
      time: '2026-11-30T06:00:00.000Z',
    },
    reader: null,
    observation_time: '2026-11-30T06:00:04.000Z',
    ...overrides,
  };
}

export const RECIPIENTS: RuleRecipient[] = [
  { id: 1, username: 'admin', email: 'admin@example.com', phone_number: '+4711111111' },
  { id: 2, username: 'olivia', email: 'olivia@example.com', phone_number: '' },
];

/** A sensor product as GET /master-data/product/?metadata=sensor_product=true answers it. */
export function sensorProduct(id: number, name: string): Product {
  return {
    id,
    sku: String(100 + id),
    name,
    product_code: null,
    category: null,
    category__name: null,
    category__parent: null,
    encoding: null,
    metadata: { sensor_product: 'true' },
    attributes: [],
    category_fields: [],
    item_count: 1,
    created_at: '2026-11-01T08:00:00.000Z',
  };
}

/** Where the console went: the path of the current location, for navigation tests. */
export function WhereAmI() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}
