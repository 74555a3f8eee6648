import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslate } from '@/i18n/i18n.ts';

/** Asks `are you sure delete?` before deleting; focus is trapped inside and restored on close. */
export function DeleteConfirmModal({
  productName,
  show,
  deleting,
  onConfirm,
  onCancel,
}: {
  productName: string | undefined;
  show: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslate();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="delete-confirm-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="delete-confirm-title" as="h2" className="h5">
          {t('delete.confirm')}
        </Modal.Title>
      </Modal.Header>
      {productName && <Modal.Body>{t('delete.willRemove', { name: productName })}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? t('manage.deleting') : t('manage.delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
