import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location } from '@tagtrack/contract';
import { loc } from '../../test/location-fixtures';
import { renderWithProviders } from '../../test/render';
import { LocationTreePicker, type LocationTreePickerProps } from './location-tree-picker';

function sampleTree(): Location[] {
  return [
    loc('Main Warehouse', {}, [
      loc('Hall 1', {}, [loc('Shelf A1'), loc('Shelf B2', { active: false })]),
      loc('Dock', {}, [loc('Gate 3')]),
    ]),
    loc('Office'),
  ];
}

function Harness(props: Partial<LocationTreePickerProps> & { onPick?: (uuids: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  const [tree] = useState(() => props.locations ?? sampleTree());
  return (
    <LocationTreePicker
      locations={tree}
      value={value}
      onChange={(uuids) => {
        setValue(uuids);
        props.onPick?.(uuids);
      }}
      {...props}
    />
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('location tree picker', { timeout: 20_000 }, () => {
  it('lets only active leaves be chosen by default', async () => {
    const onPick = vi.fn();
    renderWithProviders(<Harness onPick={onPick} />);
    // Roots are open; open the hall to reach its shelves.
    await userEvent.click(within(item('Hall 1')).getByRole('button', { name: 'Expand' }));
    expect(item('Hall 1').getAttribute('aria-disabled')).toBe('true');
    expect(item('Shelf B2').getAttribute('aria-disabled')).toBe('true');
    expect(item('Shelf A1').getAttribute('aria-disabled')).toBe('false');

    await userEvent.click(item('Shelf B2'));
    expect(onPick).not.toHaveBeenCalled();
    await userEvent.click(item('Shelf A1'));
    expect(onPick).toHaveBeenLastCalledWith([expect.any(String)]);
    expect(item('Shelf A1').getAttribute('aria-selected')).toBe('true');
  });

  it('opens and closes a branch from a click on a node that cannot be chosen', async () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('treeitem', { name: 'Gate 3' })).toBeNull();
    await userEvent.click(item('Dock'));
    expect(item('Dock').getAttribute('aria-expanded')).toBe('true');
    expect(item('Gate 3')).toBeTruthy();
  });

  it('takes a selectable override and disabled uuids', async () => {
    const tree = sampleTree();
    const office = tree[1]!;
    const onPick = vi.fn();
    renderWithProviders(
      <Harness
        locations={tree}
        onPick={onPick}
        selectable={(node) => node.special === null}
        disabledUuids={[office.uuid]}
        disabledReason={() => 'Already in a session'}
      />,
    );
    await userEvent.click(item('Main Warehouse'));
    expect(onPick).toHaveBeenLastCalledWith([tree[0]!.uuid]);
    expect(item('Office').getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(item('Office'));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('chooses several with checkboxes, and a second click takes one back', async () => {
    const onPick = vi.fn();
    renderWithProviders(<Harness multiple onPick={onPick} />);
    expect(screen.getByRole('tree').getAttribute('aria-multiselectable')).toBe('true');
    await userEvent.click(within(item('Hall 1')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(item('Shelf A1'));
    await userEvent.click(item('Office'));
    expect(onPick).toHaveBeenLastCalledWith([expect.any(String), expect.any(String)]);
    expect(screen.getByTestId('location-picker-count').textContent).toBe('2 selected');
    await userEvent.click(item('Shelf A1'));
    expect(screen.getByTestId('location-picker-count').textContent).toBe('1 selected');
  });

  it('names each checkbox after its location, so it is found by role and ticked by a click on it', async () => {
    const onPick = vi.fn();
    renderWithProviders(<Harness multiple onPick={onPick} />);
    const office = screen.getByRole('checkbox', { name: 'Office' }) as HTMLInputElement;
    expect(office.checked).toBe(false);
    await userEvent.click(office);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('checkbox', { name: 'Office' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('location-picker-count').textContent).toBe('1 selected');
  });

  it('filters after the debounce, case-insensitive, keeping the ancestors of matches open', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByTestId('location-picker-filter'), { target: { value: 'GATE' } });
    // Nothing changes before the 700 ms debounce.
    expect(screen.queryByRole('treeitem', { name: 'Gate 3' })).toBeNull();
    expect(item('Office')).toBeTruthy();
    await waitFor(() => expect(item('Gate 3')).toBeTruthy(), { timeout: 5000 });
    expect(item('Main Warehouse').getAttribute('aria-expanded')).toBe('true');
    expect(item('Dock').getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('treeitem', { name: 'Office' })).toBeNull();
    expect(screen.queryByRole('treeitem', { name: 'Hall 1' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByTestId('location-picker-filter'), { target: { value: 'basement' } });
    expect(await screen.findByText('No locations found', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows long names cut at 45 characters with an ellipsis', () => {
    const long = 'A very long location name that goes on and on beyond the limit';
    renderWithProviders(<Harness locations={[loc(long)]} />);
    expect(item(long).textContent).toBe(`${long.slice(0, 45)}…`);
  });
});
