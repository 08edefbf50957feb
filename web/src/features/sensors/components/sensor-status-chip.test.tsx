import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SensorStatusChip } from './sensor-status-chip';

describe('SensorStatusChip', () => {
  it.each([
    ['alert', 'Outside limits', 'MuiChip-colorError'],
    ['ok', 'Within limits', 'MuiChip-colorSuccess'],
    ['unwatched', 'Not monitored', 'MuiChip-outlined'],
  ] as const)('shows %s as “%s”', (status, text, className) => {
    render(<SensorStatusChip status={status} />);
    const chip = screen.getByTestId('sensor-status');
    expect(chip.textContent).toBe(text);
    expect(chip.className).toContain(className);
    expect(chip.getAttribute('data-status')).toBe(status);
  });
});
