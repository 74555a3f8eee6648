import { type Location, SUCCESS_TEXT } from '@walton/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryError } from '@/components/query-error.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useLocations } from '@/entities/locations/api/get-locations.ts';
import { errorText } from '@/i18n/error-text.ts';
import { currentLanguage, translate, useTranslate } from '@/i18n/i18n.ts';
import { useCan } from '@/lib/me.ts';
import { isSessionEnded } from '@/lib/query-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateLocation, useDeleteLocation, useUpdateLocation } from '../api/change-location.ts';
import { LocationForm } from '../components/location-form.tsx';
import { KIND_NAMES } from '../location-kinds.ts';

/** A location saved: the server's words in English, ours (naming it) in another language. */
const announceSaved = (location: Location) =>
  toast.success(
    currentLanguage() === 'en'
      ? SUCCESS_TEXT.locationSaved
      : translate('locations.savedToast', { name: location.name }),
  );

/** A refused change of `name`, said in the user's language (a session that ended says so itself). */
const announceRefusal = (name: string) => (error: Error) => {
  if (!isSessionEnded(error)) {
    toast.error(translate('locations.notChanged', { name, reason: errorText(error) }));
  }
};

function AddLocation() {
  const t = useTranslate();
  const create = useCreateLocation();
  // A new form (its fields empty) after each location added.
  const [added, setAdded] = useState(0);
  return (
    <section aria-labelledby="add-location-heading" className="card card-body mb-4">
      <h2 id="add-location-heading" className="h5">
        {t('locations.addHeading')}
      </h2>
      <LocationForm
        key={added}
        label={t('locations.addHeading')}
        onSubmit={(location) =>
          create.mutate(location, {
            onSuccess: (saved) => {
              announceSaved(saved);
              setAdded((count) => count + 1);
            },
            onError: (error) => {
              if (!isSessionEnded(error)) {
                toast.error(translate('locations.notAdded', { reason: errorText(error) }));
              }
            },
          })
        }
      >
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('locations.adding') : t('locations.add')}
        </Button>
      </LocationForm>
    </section>
  );
}

/** Edits a location's name, kind and address in a modal. */
function EditLocationModal({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const t = useTranslate();
  const update = useUpdateLocation();
  const title = location ? t('locations.editLabel', { name: location.name }) : '';
  return (
    <Modal show={location !== null} onHide={onClose} centered aria-labelledby="edit-location-title">
      {location && (
        <>
          <Modal.Header closeButton closeLabel={t('common.close')}>
            <Modal.Title id="edit-location-title" as="h2" className="h5 text-break">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <LocationForm
              initial={location}
              label={title}
              onSubmit={(change) =>
                update.mutate(
                  { id: location.id, change },
                  {
                    onSuccess: (saved) => {
                      announceSaved(saved);
                      onClose();
                    },
                    onError: announceRefusal(location.name),
                  },
                )
              }
            >
              <div className="d-flex flex-wrap justify-content-end gap-2">
                <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? t('common.saving') : t('locations.save')}
                </Button>
              </div>
            </LocationForm>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}

/** A location's row: name (with the default's badge), kind, address, active; its buttons for a manager. */
function LocationRow({
  location,
  manages,
  onEdit,
}: {
  location: Location;
  manages: boolean;
  onEdit: (location: Location) => void;
}) {
  const t = useTranslate();
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const busy = update.isPending || remove.isPending;
  const { name } = location;

  const setActive = (active: boolean) =>
    update.mutate(
      { id: location.id, change: { active } },
      { onSuccess: announceSaved, onError: announceRefusal(name) },
    );
  const onDelete = () =>
    remove.mutate(location.id, {
      onSuccess: () => toast.success(translate('locations.deleted', { name })),
      onError: announceRefusal(name),
    });

  return (
    <tr>
      <td>
        <span className="fw-semibold text-break">{name}</span>
        {location.isDefault && <span className="badge text-bg-primary ms-2">{t('locations.default')}</span>}
      </td>
      <td data-label={t('locations.column.kind')}>{t(KIND_NAMES[location.kind])}</td>
      <td data-label={t('locations.column.address')} className="text-break">
        {location.address || <span className="text-body-secondary">{t('locations.noAddress')}</span>}
      </td>
      <td data-label={t('locations.column.status')}>
        {t(location.active ? 'locations.active' : 'locations.inactive')}
      </td>
      {manages && (
        <td className="text-end table-actions">
          <div className="d-flex flex-wrap justify-content-end gap-2">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              aria-label={t('locations.editLabel', { name })}
              onClick={() => onEdit(location)}
            >
              {t('locations.edit')}
            </Button>
            {!location.isDefault && (
              <>
                <Button
                  size="sm"
                  variant={location.active ? 'outline-secondary' : 'outline-success'}
                  disabled={busy}
                  aria-label={t(location.active ? 'locations.deactivateLabel' : 'locations.activateLabel', {
                    name,
                  })}
                  onClick={() => setActive(!location.active)}
                >
                  {t(location.active ? 'locations.deactivate' : 'locations.activate')}
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy}
                  aria-label={t('locations.deleteLabel', { name })}
                  onClick={onDelete}
                >
                  {t('locations.delete')}
                </Button>
              </>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}

/**
 * Where the stock is kept: every location with its kind, address and whether it is active, the
 * default marked. Whoever manages locations (admin and staff) adds one, edits one, deactivates or
 * activates it, and deletes one that never held stock; the server decides every change, and its
 * refusals (a name taken, a location with stock) are said in the user's language.
 */
export default function LocationsPage() {
  const locations = useLocations();
  const manages = useCan('locations.manage');
  const t = useTranslate();
  const [editing, setEditing] = useState<Location | null>(null);
  return (
    <div className="container py-4">
      <PageHeader title={t('locations.heading')}>
        <p className="mb-0 text-body-secondary">{t('locations.intro')}</p>
      </PageHeader>
      {manages && <AddLocation />}
      {locations.isPending ? (
        <Spinner label={t('locations.loading')} />
      ) : locations.isError ? (
        <QueryError title={t('locations.loadFailed')} query={locations} />
      ) : (
        <Table responsive striped hover size="sm" className="align-middle table-cards">
          <caption className="visually-hidden">{t('locations.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('locations.column.name')}</th>
              <th scope="col">{t('locations.column.kind')}</th>
              <th scope="col">{t('locations.column.address')}</th>
              <th scope="col">{t('locations.column.status')}</th>
              {manages && (
                <th scope="col" className="table-actions">
                  <span className="visually-hidden">{t('locations.column.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {locations.data.map((location) => (
              <LocationRow key={location.id} location={location} manages={manages} onEdit={setEditing} />
            ))}
          </tbody>
        </Table>
      )}
      {manages && <EditLocationModal location={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
