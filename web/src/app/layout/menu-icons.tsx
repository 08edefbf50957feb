import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import RouterOutlinedIcon from '@mui/icons-material/RouterOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';

const ICONS: Record<string, SvgIconComponent> = {
  itemTracking: TrackChangesIcon,
  sensorData: SensorsIcon,
  inventory: Inventory2OutlinedIcon,
  addItems: LibraryAddOutlinedIcon,
  import: UploadFileOutlinedIcon,
  reports: AssessmentOutlinedIcon,
  eventCenter: NotificationsActiveOutlinedIcon,
  locations: PlaceOutlinedIcon,
  devices: RouterOutlinedIcon,
  productManagement: CategoryOutlinedIcon,
  users: PeopleOutlineIcon,
  settings: SettingsOutlinedIcon,
};

/** The icon of a side menu entry (keys from the contract's MENU). */
export function MenuIcon({ entryKey }: { entryKey: string }) {
  const Icon = ICONS[entryKey] ?? CircleOutlinedIcon;
  return <Icon fontSize="small" />;
}
