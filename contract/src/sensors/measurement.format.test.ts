import { describe, expect, it } from 'vitest';
import { formatLimits, formatMeasurement } from './measurement.format.js';

describe('a measured value', () => {
  it.each([
    [4.25, '°C', 'en', '4.25 °C'],
    [4, '°C', 'en', '4.00 °C'],
    [-18.456, '°C', 'en', '-18.46 °C'],
    [55.5, '%', 'en', '55.50 %'],
    [4.25, '°C', 'de', '4,25 °C'],
    [1234.5, '°C', 'de', '1.234,50 °C'],
    [7, '', 'en', '7.00'],
    [4.25, '°C', 'fr', '4,25 °C'],
    [999_999_999.994, '°C', 'en', '999,999,999.99 °C'],
    // Too large for two decimals to mean anything, or to fit a tile: scientific, never "1e+308".
    [1e308, '°C', 'en', '1.00E308 °C'],
    [-1e308, '°C', 'de', '-1,00E308 °C'],
    [1e21, '', 'en', '1.00E21'],
  ])('%s with %s in %s reads %s', (value, symbol, language, text) => {
    expect(formatMeasurement(value, symbol, language)).toBe(text);
  });
});

describe('the limits of a sensor', () => {
  it('read as a range, one bound or nothing', () => {
    expect(formatLimits({ low: 2, high: 8 }, '°C', 'en')).toBe('2.00 – 8.00 °C');
    expect(formatLimits({ low: 3, high: null }, '°C', 'en')).toBe('≥ 3.00 °C');
    expect(formatLimits({ low: null, high: -15.5 }, '°C', 'de')).toBe('≤ -15,50 °C');
    expect(formatLimits({ low: null, high: null }, '%', 'en')).toBe('');
  });
});
