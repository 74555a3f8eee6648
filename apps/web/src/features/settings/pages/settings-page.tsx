import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Spinner } from '@/components/spinner.tsx';
import { errorText } from '@/i18n/error-text.ts';
import { translate, useTranslate } from '@/i18n/i18n.ts';
import { toast } from '@/lib/toast.ts';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { AccessTokens } from '../components/access-tokens.tsx';

/** The signed-in user's preferences (each switch saved as soon as it is flipped), and their access tokens. */
export default function SettingsPage() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const hintId = useId();
  const t = useTranslate();

  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h2 mb-3">{t('settings.heading')}</h1>
      {settings.isPending ? (
        <Spinner label={t('settings.loading')} />
      ) : settings.isError ? (
        <Alert variant="danger" role="alert">
          {t('settings.loadFailed')} {errorText(settings.error)}
        </Alert>
      ) : (
        <Form onSubmit={(event) => event.preventDefault()}>
          <Form.Check
            type="switch"
            role="switch"
            id="low-stock-email"
            label={t('settings.lowStockEmail')}
            checked={
              update.isPending ? (update.variables?.lowStockEmail ?? false) : settings.data.lowStockEmail
            }
            disabled={update.isPending}
            aria-describedby={hintId}
            onChange={(event) =>
              update.mutate(
                { ...settings.data, lowStockEmail: event.currentTarget.checked },
                {
                  onSuccess: () => toast.success(translate('settings.saved')),
                  onError: (error) =>
                    toast.error(translate('settings.notSaved', { reason: errorText(error) })),
                },
              )
            }
          />
          <Form.Text id={hintId} className="d-block">
            {t('settings.lowStockHint')}
          </Form.Text>
        </Form>
      )}
      <AccessTokens />
    </div>
  );
}
