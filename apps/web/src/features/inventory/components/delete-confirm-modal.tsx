import { SPEC_TEXT } from '@walton/contract';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

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
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="delete-confirm-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="delete-confirm-title" as="h2" className="h5">
          {SPEC_TEXT.deleteConfirm}
        </Modal.Title>
      </Modal.Header>
      {productName && <Modal.Body>{productName} will be removed from the inventory.</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
