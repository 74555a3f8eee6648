import { type ChangeEvent, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { errorText } from '@/i18n/error-text.ts';
import { useTranslate } from '@/i18n/i18n.ts';
import { ApiRequestError } from '@/lib/api-client.ts';
import { shrinkPhoto, uploadPhoto } from '../api/upload-photo.ts';

type PickerState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * "Take photo / choose file" beside the image URL: a phone opens its camera, a computer its files.
 * The photo is shrunk in the browser, uploaded, and its address handed to `onUploaded` (the form
 * puts it in `img`). What happens is said in a live region, in the user's language.
 */
export function PhotoPicker({ onUploaded }: { onUploaded: (url: string) => void }) {
  const t = useTranslate();
  const id = useId();
  const [state, setState] = useState<PickerState>({ kind: 'idle' });

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setState({ kind: 'busy' });
    try {
      const photo = await uploadPhoto(await shrinkPhoto(file));
      onUploaded(photo.url);
      setState({ kind: 'done' });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      setState({ kind: 'failed', message: errorText(error) });
    } finally {
      input.value = '';
    }
  };

  const status =
    state.kind === 'busy'
      ? t('photo.uploading')
      : state.kind === 'done'
        ? t('photo.uploaded')
        : state.kind === 'failed'
          ? state.message
          : t('photo.hint');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('photo.take')}</Form.Label>
      <Form.Control
        type="file"
        accept="image/*"
        capture="environment"
        onChange={onChange}
        disabled={state.kind === 'busy'}
        isInvalid={state.kind === 'failed'}
        aria-describedby={`${id}-status`}
      />
      <Form.Text
        id={`${id}-status`}
        aria-live="polite"
        data-testid="photo-status"
        className={state.kind === 'failed' ? 'd-block text-danger' : 'd-block'}
      >
        {status}
      </Form.Text>
    </Form.Group>
  );
}
