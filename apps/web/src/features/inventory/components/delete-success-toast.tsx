import { SPEC_TEXT } from '@walton/contract';
import Button from 'react-bootstrap/Button';

/** Body of the `Delete SuccessFul` toast, with an Undo that restores the item. */
export function DeleteSuccessToast({ productName, onUndo }: { productName: string; onUndo: () => void }) {
  return (
    <div className="d-flex align-items-center justify-content-between gap-2">
      <span>{SPEC_TEXT.deleteSuccess}</span>
      <Button variant="light" size="sm" onClick={onUndo} aria-label={`Undo deleting ${productName}`}>
        Undo
      </Button>
    </div>
  );
}
