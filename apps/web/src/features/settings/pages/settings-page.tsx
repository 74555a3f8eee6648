import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const SETTINGS_TEXT = {
  lowStockEmail: 'Low-stock alerts by email',
  lowStockEmailHint:
    'A mail to your address whenever an item falls to its low-stock threshold (its supplier always gets one).',
  saved: 'Settings saved',
} as const;

/** The signed-in user's preferences; each switch is saved as soon as it is flipped. */
export default function SettingsPage() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const hintId = useId();

  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h2 mb-3">Settings</h1>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <Alert variant="danger" role="alert">
          Your settings could not be loaded: {settings.error.message}
        </Alert>
      ) : (
        <Form onSubmit={(event) => event.preventDefault()}>
          <Form.Check
            type="switch"
            role="switch"
            id="low-stock-email"
            label={SETTINGS_TEXT.lowStockEmail}
            checked={
              update.isPending ? (update.variables?.lowStockEmail ?? false) : settings.data.lowStockEmail
            }
            disabled={update.isPending}
            aria-describedby={hintId}
            onChange={(event) =>
              update.mutate(
                { ...settings.data, lowStockEmail: event.currentTarget.checked },
                {
                  onSuccess: () => toast.success(SETTINGS_TEXT.saved),
                  onError: (error) => toast.error(`Your settings were not saved: ${error.message}`),
                },
              )
            }
          />
          <Form.Text id={hintId} className="d-block">
            {SETTINGS_TEXT.lowStockEmailHint}
          </Form.Text>
        </Form>
      )}
    </div>
  );
}
