import Button from 'react-bootstrap/Button';
import { useTranslate } from '@/i18n/i18n.ts';

/** Body of the `Delete SuccessFul` toast, with an Undo that restores the item. */
export function DeleteSuccessToast({ productName, onUndo }: { productName: string; onUndo: () => void }) {
  const t = useTranslate();
  return (
    <div className="d-flex align-items-center justify-content-between gap-2">
      <span>{t('delete.success')}</span>
      <Button
        variant="light"
        size="sm"
        onClick={onUndo}
        aria-label={t('delete.undoLabel', { name: productName })}
      >
        {t('delete.undo')}
      </Button>
    </div>
  );
}
