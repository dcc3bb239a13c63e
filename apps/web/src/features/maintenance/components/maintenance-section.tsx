import { Tabs } from '../../../ui/tabs';
import { useMaintenanceLiveUpdates } from '../api/run-updates';
import { DatabaseCleanupPanel } from './database-cleanup-panel';
import { EraseCustomerPanel } from './erase-customer-panel';
import { OptimizePanel } from './optimize-panel';
import { RetentionPanel } from './retention-panel';
import { StorageCleanupPanel } from './storage-cleanup-panel';
import './maintenance.css';

/** Settings → Maintenance (admins): cleanups of old files and rows, optimizing the database, the daily retention policy, erasing a customer. */
export function MaintenanceSection() {
  useMaintenanceLiveUpdates();
  return (
    <Tabs
      label="Maintenance"
      panelClassName="maintenance-panel"
      tabs={[
        { id: 'storage', label: 'Storage cleanup', render: () => <StorageCleanupPanel /> },
        { id: 'database', label: 'Database cleanup', render: () => <DatabaseCleanupPanel /> },
        { id: 'optimize', label: 'Optimize', render: () => <OptimizePanel /> },
        { id: 'retention', label: 'Retention policy', render: () => <RetentionPanel /> },
        { id: 'erase', label: 'Erase a customer', render: () => <EraseCustomerPanel /> },
      ]}
    />
  );
}
