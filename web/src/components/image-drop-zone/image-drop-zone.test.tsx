import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ImageDropZone, formatBytes } from './image-drop-zone';
import type { ImageProblem } from './validate-image-file';

function image(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Harness({ onChange }: { onChange: (file: File | null, problem: ImageProblem | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImageDropZone
      file={file}
      onChange={(next, problem) => {
        setFile(next);
        onChange(next, problem);
      }}
    />
  );
}

describe('image drop zone', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('takes a dropped png and previews it with its name and size', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const plan = image('plan.png', 'image/png', 120_000);
    fireEvent.drop(screen.getByRole('button', { name: 'Drop an image here or click to choose one' }), {
      dataTransfer: { files: [plan] },
    });
    expect(onChange).toHaveBeenCalledWith(plan, null);
    expect(screen.getByText('plan.png')).toBeTruthy();
    expect(screen.getByText('120 kB')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file of another type with the contract message', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.drop(screen.getByTestId('image-drop-zone'), {
      dataTransfer: { files: [image('scan.gif', 'image/gif', 100)] },
    });
    expect(onChange).toHaveBeenCalledWith(null, 'imageTypeNotAllowed');
    expect(screen.getByRole('alert').textContent).toBe('Only png, jpeg, jpg and svg images can be uploaded.');
    expect(screen.queryByTestId('image-drop-zone-preview')).toBeNull();
  });

  it('keeps a file over 3,200,000 bytes but reports it too large', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const big = image('big.jpg', 'image/jpeg', 3_200_001);
    await userEvent.upload(screen.getByTestId('image-drop-zone-input'), big);
    expect(onChange).toHaveBeenCalledWith(big, 'imageTooLarge');
    expect(screen.getByRole('alert').textContent).toBe('Failed to upload. The image size should be max 3 MB.');
    expect(screen.getByText('big.jpg')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(null, null);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the allowed types and the limit', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(screen.getByText('PNG, JPEG or SVG, at most 3 MB')).toBeTruthy();
  });
});

describe('formatBytes', () => {
  it('uses B, kB and MB', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(2_048, 'en')).toBe('2 kB');
    expect(formatBytes(3_200_000, 'en')).toBe('3.2 MB');
    expect(formatBytes(3_200_000, 'de')).toBe('3,2 MB');
    expect(formatBytes(3_200_000, 'en', 0)).toBe('3 MB');
  });
});
