import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';

export interface FileDropZoneProps {
  /** The file picker's accept attribute. */
  accept: string;
  /** Files were dropped or picked (the caller checks them). */
  onFiles: (files: FileList | null) => void;
  /**
   * What stands instead of the empty zone once a file is chosen (null: the empty zone); it gets
   * `openPicker` for its Replace button.
   */
  chosen: ((openPicker: () => void) => ReactNode) | null;
  /** The empty zone's icon, prompt (also its accessible name) and hint. */
  icon: SvgIconComponent;
  prompt: string;
  hint: string;
  /** A message about the file, shown under the zone (the empty zone's border turns red). */
  message?: string | null;
  disabled?: boolean;
  /** Height of the empty zone. */
  minHeight: number;
  testIds: { input: string; zone: string; error: string };
}

/**
 * The drag-and-drop part of a one-file input: a hidden file picker, a dashed zone that takes a
 * dropped file or opens the picker on click, Enter or Space, and the message under it.
 */
export function FileDropZone({
  accept,
  onFiles,
  chosen,
  icon: Icon,
  prompt,
  hint,
  message,
  disabled,
  minHeight,
  testIds,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();

  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        data-testid={testIds.input}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
      {chosen ? (
        <Chosen render={chosen} openPicker={openPicker} />
      ) : (
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={prompt}
          aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
          aria-disabled={disabled || undefined}
          data-testid={testIds.zone}
          onClick={openPicker}
          onKeyDown={onKeyDown}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={(theme) => ({
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            minHeight,
            px: 3,
            py: 2,
            border: '2px dashed',
            borderRadius: 2,
            cursor: disabled ? 'default' : 'pointer',
            borderColor: message ? theme.palette.error.main : dragging ? theme.palette.primary.main : '#c5d0da',
            bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'grey.50',
            transition: theme.transitions.create(['border-color', 'background-color']),
            outline: 'none',
            '&:hover, &:focus-visible': disabled
              ? undefined
              : { borderColor: theme.palette.primary.main, bgcolor: alpha(theme.palette.primary.main, 0.04) },
          })}
        >
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Icon color={disabled ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 600 }}>{prompt}</Typography>
            <Typography variant="body2" color="text.secondary" id={hintId}>
              {hint}
            </Typography>
          </Stack>
        </Box>
      )}
      {message && (
        <FormHelperText error id={errorId} role="alert" data-testid={testIds.error} sx={{ mx: 1.75 }}>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}

/** Renders the caller's chosen-file view with the picker opener (as an element, so the ref stays out of render). */
function Chosen({ render, openPicker }: { render: (openPicker: () => void) => ReactNode; openPicker: () => void }) {
  return render(openPicker);
}
