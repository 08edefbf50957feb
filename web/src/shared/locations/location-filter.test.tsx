import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loc } from '../../test/location-fixtures';
import { renderWithProviders } from '../../test/render';
import { LocationFilter } from './location-filter';

const shelf = loc('Shelf');
const dock = loc('Dock');
const tree = [loc('Warehouse', {}, [shelf, dock])];
const labels = { all: 'All locations', field: 'Location', clear: 'Clear', done: 'Done' };

function Several({ onChange }: { onChange: (uuids: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  const change = (uuids: string[]) => {
    setValue(uuids);
    onChange(uuids);
  };
  return (
    <LocationFilter
      multiple
      locations={tree}
      loading={false}
      value={value}
      onChange={change}
      labels={labels}
      testId="f"
    />
  );
}

function One({ onChange }: { onChange: (uuid: string) => void }) {
  const [value, setValue] = useState('');
  const change = (uuid: string) => {
    setValue(uuid);
    onChange(uuid);
  };
  return <LocationFilter locations={tree} loading={false} value={value} onChange={change} labels={labels} testId="f" />;
}

const node = (name: string) => screen.getByRole('treeitem', { name });

describe('location filter', { timeout: 20_000 }, () => {
  it('choosing several: keeps the picker open, names them all and closes on Done', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Several onChange={onChange} />);
    expect(screen.getByTestId('f').textContent).toBe('All locations');
    await userEvent.click(screen.getByTestId('f'));
    await userEvent.click(node('Shelf'));
    await userEvent.click(node('Dock'));
    expect(onChange).toHaveBeenLastCalledWith([shelf.uuid, dock.uuid]);
    expect(screen.getByRole('tree', { name: 'Location' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('f-done'));
    await waitFor(() => expect(screen.queryByRole('tree')).toBeNull());
    expect(screen.getByTestId('f').textContent).toBe('Shelf, Dock');
    expect(screen.getByTestId('f').getAttribute('title')).toBe('Warehouse > Shelf\nWarehouse > Dock');
  });

  it('choosing one: closes the picker on a choice and on clearing, and names the field for a screen reader', async () => {
    const onChange = vi.fn();
    renderWithProviders(<One onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Location: All locations' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('f'));
    expect(screen.getByRole('tree', { name: 'Location' })).toBeTruthy();
    expect(screen.queryByTestId('f-done')).toBeNull();
    await userEvent.click(node('Dock'));
    expect(onChange).toHaveBeenLastCalledWith(dock.uuid);
    await waitFor(() => expect(screen.queryByRole('tree')).toBeNull());
    expect(screen.getByRole('button', { name: 'Location: Dock' })).toBeTruthy();

    await userEvent.click(screen.getByTestId('f'));
    await userEvent.click(screen.getByTestId('f-clear'));
    expect(onChange).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(screen.queryByRole('tree')).toBeNull());
    expect(screen.getByTestId('f').textContent).toBe('All locations');
  });
});
