import { useMemo, useReducer, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import type { FloorPlan, FloorPlanShape, Location } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { useUnsavedChangesGuard } from '../../../../components/use-unsaved-changes-guard';
import { useLocationFileUrl } from '../../api/get-location-file';
import { useSaveFloorPlan } from '../../api/save-floor-plan';
import { BindLocationDialog } from './bind-location-dialog';
import type { FloorPlanTool } from '../../model/floor-plan-canvas';
import { FloorPlanCanvas } from './floor-plan-canvas';
import { editorReducer, initialEditorState } from '../../model/floor-plan-editor';
import { toFloorPlanInput } from '../../model/floor-plan-shapes';
import { FloorPlanToolbar } from './floor-plan-toolbar';
import { useItemListLink } from './item-list-link';
import { descendantOptions } from '../../model/location-options';
import { ShapeList } from './shape-list';

interface FloorPlanWorkspaceProps {
  location: Location;
  plan: FloorPlan;
  canWrite: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

type Binding = { kind: 'new' } | { kind: 'change'; id: string };

/**
 * The plan with an image: the canvas and the list of marked locations. View mode shows each
 * location's name and item count; edit mode (writers) draws, moves, resizes and deletes shapes on
 * a working copy that Save sends with PUT …/floor_plan/ and Cancel throws away.
 */
export function FloorPlanWorkspace({ location, plan, canWrite, editing, onEditingChange }: FloorPlanWorkspaceProps) {
  const { t } = useTranslation('locationFiles');
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useSaveFloorPlan();
  const image = useLocationFileUrl(location.uuid, plan.image);
  const linkFor = useItemListLink();
  const [editor, dispatch] = useReducer(editorReducer, plan.shapes, initialEditorState);
  const [tool, setTool] = useState<FloorPlanTool>('select');
  const [binding, setBinding] = useState<Binding | null>(null);
  const options = useMemo(() => descendantOptions(location), [location]);
  const byUuid = useMemo(() => new Map(options.map((option) => [option.uuid, option])), [options]);
  const shapes = editing ? editor.shapes : plan.shapes;

  // Entering edit mode starts a fresh working copy of the saved shapes.
  const [wasEditing, setWasEditing] = useState(editing);
  if (editing !== wasEditing) {
    setWasEditing(editing);
    if (editing) {
      dispatch({ type: 'reset', shapes: plan.shapes });
      setTool('select');
    }
  }

  // Leaving the page by any way (a link, Back, reload, closing the tab) with unsaved shapes asks first.
  useUnsavedChangesGuard(editing && editor.dirty);

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync({ uuid: location.uuid, input: toFloorPlanInput(editor.shapes) });
      notify.success(t('planSaved'));
      dispatch({ type: 'reset', shapes: saved.shapes });
      onEditingChange(false);
    } catch (error) {
      notify.error(t('planSaveFailed'), error, { withDetail: true });
    }
  };

  const renderLabel = (shape: FloorPlanShape) => {
    const option = byUuid.get(shape.location);
    const name = option?.name ?? t('unknownLocation', { name: location.name });
    const link = !editing && option ? linkFor(option) : null;
    const label = editing || !option ? name : `${name} · ${t('items', { count: option.items })}`;
    const sx = {
      bgcolor: 'background.paper',
      border: 1,
      borderColor: 'divider',
      boxShadow: '0 2px 6px rgba(16, 24, 40, 0.16)',
      fontWeight: 600,
      maxWidth: 240,
    };
    return link ? (
      <Chip
        size="small"
        clickable
        component={RouterLink}
        to={link.to}
        state={link.state}
        aria-label={link.label}
        label={label}
        sx={sx}
      />
    ) : (
      <Chip size="small" label={label} sx={sx} />
    );
  };

  const selected = editor.selectedId;

  return (
    <>
      {editing && options.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('noChildren', { name: location.name })}
        </Alert>
      )}
      {editing && (
        <Card sx={{ mb: 2.5 }}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <FloorPlanToolbar
              tool={tool}
              onTool={setTool}
              hasSelection={selected !== null}
              onChangeLocation={() => selected && setBinding({ kind: 'change', id: selected })}
              onDeleteShape={() => selected && dispatch({ type: 'remove', id: selected })}
              dirty={editor.dirty}
              saving={save.isPending}
              onSave={() => void onSave()}
              onCancel={() => onEditingChange(false)}
            />
          </CardContent>
        </Card>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, lg: 9 }}>
          <Card>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              <FloorPlanCanvas
                imageUrl={image.url}
                imageAlt={t('planImageAlt', { name: location.name })}
                shapes={shapes}
                editing={editing}
                tool={tool}
                selectedId={editing ? selected : null}
                draft={editor.draft}
                renderLabel={renderLabel}
                onDraw={(draft) => {
                  dispatch({ type: 'draft', shape: draft });
                  setBinding({ kind: 'new' });
                }}
                onSelect={(id) => dispatch({ type: 'select', id })}
                onMove={(id, centre) => dispatch({ type: 'move', id, centre })}
                onTransform={(id, change) => dispatch({ type: 'transform', id, ...change })}
                onDelete={(id) => dispatch({ type: 'remove', id })}
                onOpen={(shape) => {
                  const option = byUuid.get(shape.location);
                  const link = option ? linkFor(option) : null;
                  if (link) void navigate(link.to, { state: link.state });
                }}
              />
              {image.error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t('imageLoadFailed')}
                </Alert>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 3 }}>
          <ShapeList
            shapes={shapes}
            locations={byUuid}
            planName={location.name}
            editing={editing}
            canWrite={canWrite}
            selectedId={editing ? selected : null}
            linkFor={linkFor}
            onSelect={(id) => dispatch({ type: 'select', id })}
            onChangeLocation={(id) => setBinding({ kind: 'change', id })}
            onDelete={(id) => dispatch({ type: 'remove', id })}
          />
        </Grid>
      </Grid>
      {binding && (
        <BindLocationDialog
          options={options}
          current={binding.kind === 'change' ? (shapes.find((s) => s.id === binding.id)?.location ?? null) : null}
          planName={location.name}
          onConfirm={(uuid) => {
            if (binding.kind === 'new') dispatch({ type: 'bindDraft', location: uuid });
            else dispatch({ type: 'rebind', id: binding.id, location: uuid });
            setBinding(null);
            setTool('select');
          }}
          onClose={() => {
            if (binding.kind === 'new') dispatch({ type: 'discardDraft' });
            setBinding(null);
          }}
        />
      )}
    </>
  );
}
