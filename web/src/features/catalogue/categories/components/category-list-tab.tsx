import { Fragment, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SNACKBAR_DURATION_MS,
  type Category,
  type Encoding,
  type Subcategory,
} from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import { RowActionMenu } from '../../../../components/row-action-menu';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../../components/paged-table';
import { useEncodingLabel } from '../../../../shared/configuration/encoding-label';
import { useEncodings } from '../../../../shared/configuration/get-encodings';
import { useCategories } from '../../api/list-categories';
import { CATEGORY_PATHS } from '../model/category-paths';

function RowMenu({ category }: { category: Subcategory }) {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  // The product list's category filter is a URL parameter (01 §2.5, §2.8: a subcategory's own id).
  const products = `${CATEGORY_PATHS.products}?${new URLSearchParams({ category: String(category.id) }).toString()}`;
  return (
    <RowActionMenu<'edit' | 'products'>
      label={t('actionsFor', { name: category.name })}
      testId="category-actions"
      onAction={(action) => void (action === 'edit' ? navigate(CATEGORY_PATHS.edit(category.id)) : navigate(products))}
      items={[
        { action: 'edit', icon: <EditIcon fontSize="small" />, label: t('menuEdit'), testId: 'category-menu-edit' },
        {
          action: 'products',
          icon: <InventoryIcon fontSize="small" />,
          label: t('menuViewProducts'),
          testId: 'category-menu-products',
        },
      ]}
    />
  );
}

function AttributeChips({ category }: { category: Subcategory }) {
  const { t } = useTranslation('categories');
  if (category.fields.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {t('noAttributes')}
      </Typography>
    );
  return (
    <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }}>
      {category.fields.map((field) => (
        <Chip key={field.id} size="small" variant="outlined" label={field.name} />
      ))}
    </Stack>
  );
}

function CategoryRow({
  category,
  parent,
  encodings,
}: {
  category: Subcategory;
  parent: Category | null;
  encodings: Encoding[] | undefined;
}) {
  const { t } = useTranslation('categories');
  const label = useEncodingLabel();
  const encoding = encodings?.find((e) => e.id === category.encoding);
  const sub = parent !== null;
  return (
    <TableRow hover data-testid={sub ? 'subcategory-row' : 'category-row'} sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ pl: sub ? 5 : 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {sub ? (
            <SubdirectoryArrowRightIcon fontSize="small" sx={{ color: 'text.disabled' }} />
          ) : (
            <CategoryIcon fontSize="small" sx={{ color: 'primary.main' }} />
          )}
          <Typography
            variant="body2"
            sx={{ fontWeight: sub ? 400 : 600, wordBreak: 'break-word' }}
            data-testid="category-name"
          >
            {category.name}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>
        <AttributeChips category={category} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" color={encoding ? 'text.primary' : 'text.secondary'}>
          {encoding ? label(encoding) : sub ? t('encodingFromParent') : t('encodingDefault')}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        <RowMenu category={category} />
      </TableCell>
    </TableRow>
  );
}

/**
 * The Category tab of Product Management (01 §2.5): top-level categories, each followed by its
 * subcategories indented, with their attribute names; search, sort by name, pager of top-level
 * categories.
 */
export function CategoryListTab() {
  const { t } = useTranslation(['categories', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const state = useListState({ pageSize: DEFAULT_PAGE_SIZE, ordering: 'name', sortFields: ['name'] });
  const list = useCategories({
    onlyRoot: true,
    page: state.query.page,
    pageSize: state.query.page_size,
    ordering: state.query.ordering,
    search: state.query.search,
  });
  const encodings = useEncodings();

  useEffect(() => {
    if (list.error) notify.error(t('loadFailed'), list.error, { duration: SNACKBAR_DURATION_MS });
  }, [list.error, notify, t]);

  const columns: PagedColumn[] = [
    { key: 'name', label: t('columnName'), sortField: 'name', width: '30%' },
    { key: 'attributes', label: t('columnAttributes') },
    { key: 'encoding', label: t('columnEncoding'), width: '18%' },
    { key: 'actions', label: t('columnActions'), align: 'right', width: 72 },
  ];

  return (
    <Card>
      <ListToolbar
        state={state}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="category"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void navigate(CATEGORY_PATHS.add)}
            data-testid="add-category"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('addCategory')}
          </Button>
        }
      />
      <Divider />
      <PagedTable<Category>
        columns={columns}
        query={list}
        state={state}
        pageSizes={PAGE_SIZES}
        label={t('tableLabel')}
        testId="category"
        errorText={t('loadFailed')}
        empty={{
          icon: <CategoryIcon />,
          title: t('empty'),
          text: state.term ? t('emptySearch', { search: state.term }) : t('emptyHint'),
        }}
        renderRow={(category) => (
          <Fragment key={category.id}>
            <CategoryRow category={category} parent={null} encodings={encodings.data?.encodings} />
            {category.subcategories.map((sub) => (
              <CategoryRow key={sub.id} category={sub} parent={category} encodings={encodings.data?.encodings} />
            ))}
          </Fragment>
        )}
      />
    </Card>
  );
}
