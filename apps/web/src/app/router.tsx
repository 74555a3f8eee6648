import type { Action } from '@walton/contract';
import { type ComponentType, lazy, type ReactNode, useState } from 'react';
import { Route, Routes } from 'react-router';
import { TitledPage } from '../components/page-title.tsx';
import { paths } from '../config/paths.ts';
import { loadPageMessages, type MessageKey } from '../i18n/i18n.ts';
import { localisedPath } from '../i18n/language.ts';
import { useCan } from '../lib/me.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import HomePage from './routes/home-page.tsx';

type PageModule = { default: ComponentType };

/** A page whose code is loaded on demand, and `preload` to load it ahead. */
type OnDemandPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page whose code is a chunk of its own: it suspends until the chunk is there (the layout's
 * spinner shows meanwhile), unless `preload` has brought it: then it renders at once. A prerendered
 * page is hydrated only once its code is there (`preloadPrerenderedPage`, app/start.tsx): a page
 * that suspends while it hydrates keeps its server markup unadopted, and a re-render of the layout
 * meanwhile (the session's answer, say) makes React drop that markup and mount the page afresh,
 * forgetting whatever the visitor had done on it.
 */
function onDemand(load: () => Promise<PageModule>): OnDemandPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const start = () => {
    loading ??= load().then((page) => {
      loaded = page.default;
      return page;
    });
    return loading;
  };
  const Lazy = lazy(start);
  function Page() {
    // Chosen once for the page's life: switching later from the lazy wrapper to the code it loaded
    // would be another component in its place, remounting the page.
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Page, {
    preload: async () => {
      await start();
    },
  });
}

/** A page loaded on demand together with the texts of the pages (i18n/i18n.ts), so it renders in one go. */
function lazyPage(load: () => Promise<PageModule>): OnDemandPage {
  return onDemand(() => Promise.all([load(), loadPageMessages()]).then(([page]) => page));
}

// The landing page ships in the entry chunk: it is where most visits start, and loading it lazily
// would put one more round trip before its first paint. Every other page is its own chunk, loaded
// when its route is first visited.
const ManageProductsPage = lazyPage(() => import('../features/items/pages/manage-products-page.tsx'));
const ProductDetailRoute = lazyPage(() => import('./routes/product-detail-route.tsx'));
const AddProductPage = lazyPage(() => import('../features/items/pages/add-product-page.tsx'));
const EditProductRoute = lazyPage(() => import('./routes/edit-product-route.tsx'));
const MyProductsPage = lazyPage(() => import('../features/items/pages/my-products-page.tsx'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/dashboard-page.tsx'));
const ImportProductsPage = lazyPage(() => import('../features/import/pages/import-products-page.tsx'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page.tsx'));
const LabelsPage = lazyPage(() => import('../features/labels/pages/labels-page.tsx'));
const ScanRoute = lazyPage(() => import('./routes/scan-route.tsx'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page.tsx'));
const UsersPage = lazyPage(() => import('../features/users/pages/users-page.tsx'));
const CategoriesPage = lazyPage(() => import('../features/categories/pages/categories-page.tsx'));
const LocationsPage = lazyPage(() => import('../features/locations/pages/locations-page.tsx'));
const ClaimsPage = lazyPage(() => import('../features/claims/pages/claims-page.tsx'));
const DispatchesPage = lazyPage(() => import('../features/dispatches/pages/dispatches-page.tsx'));
const DispatchPage = lazyPage(() => import('../features/dispatches/pages/dispatch-page.tsx'));
const ChallanPage = lazyPage(() => import('../features/dispatches/pages/challan-page.tsx'));
const ReceiptsPage = lazyPage(() => import('../features/receipts/pages/receipts-page.tsx'));
const ReceiptPage = lazyPage(() => import('../features/receipts/pages/receipt-page.tsx'));
const CountsPage = lazyPage(() => import('../features/counts/pages/counts-page.tsx'));
const CountPage = lazyPage(() => import('../features/counts/pages/count-page.tsx'));
const BlogPage = onDemand(() => import('../features/blog/pages/blog-page.tsx'));
const UnitRoute = lazyPage(() => import('./routes/unit-route.tsx'));
const WarrantyPage = lazyPage(() => import('../features/warranty/pages/warranty-page.tsx'));
const PendingPage = lazyPage(() => import('../features/offline/pages/pending-page.tsx'));
const NotFound = lazy(() => import('../components/not-found.tsx'));
const NoAccess = lazy(() => import('../components/no-access.tsx'));

/**
 * The code of the page prerendered at `pathname` (a public page, in either language), loaded ahead
 * so the page hydrates in one go (app/start.tsx). The landing page's code is in the entry chunk.
 */
const PRERENDERED_CODE: Readonly<Record<string, OnDemandPage>> = {
  [paths.blog]: BlogPage,
  [paths.warranty]: WarrantyPage,
};

/** Loads the code of the prerendered page at `pathname` (nothing to load for the landing page). */
export async function preloadPrerenderedPage(pathname: string): Promise<void> {
  await PRERENDERED_CODE[localisedPath(pathname, 'en')]?.preload();
}

/**
 * A signed-in page that needs `action`: shown when the user's role may perform it (on some items at
 * least: a supplier may open the edit page, which then asks about the item), else the no-access
 * page, which claims the page's title. The user's role is known by then (the ProtectedRoute gate
 * waited for it).
 */
function GuardedPage({
  title,
  action,
  children,
}: {
  title: MessageKey;
  action: Action;
  children: ReactNode;
}) {
  const may = useCan(action);
  return <TitledPage title={title}>{may ? children : <NoAccess />}</TitledPage>;
}

/**
 * The spec's route table (section 2) plus the identity pages. Declarative routes keep the router
 * chunk small (the data-router APIs are not used), which matters for the landing page's budget.
 */
export function AppRoutes() {
  // The public pages, at their English and their Bengali address.
  const home = (
    <TitledPage title="page.home">
      <HomePage />
    </TitledPage>
  );
  const blog = (
    <TitledPage title="page.blog">
      <BlogPage />
    </TitledPage>
  );
  const warranty = (
    <TitledPage title="page.warranty">
      <WarrantyPage />
    </TitledPage>
  );
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={home} />
        {/* The public pages prerendered in Bengali too (ADR 17); the other pages have one address. */}
        <Route path={paths.bengali}>
          <Route index element={home} />
          <Route path={paths.blog.slice(1)} element={blog} />
          <Route path={paths.warranty.slice(1)} element={warranty} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route
            path={paths.manageItems}
            element={
              <GuardedPage title="page.manageItem" action="inventory.read">
                <ManageProductsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.itemDetailPattern}
            element={
              <GuardedPage title="page.details" action="inventory.read">
                <ProductDetailRoute />
              </GuardedPage>
            }
          />
          <Route
            path={paths.itemEditPattern}
            element={
              <GuardedPage title="page.edit" action="item.edit">
                <EditProductRoute />
              </GuardedPage>
            }
          />
          <Route
            path={paths.addItem}
            element={
              <GuardedPage title="page.addItem" action="item.create">
                <AddProductPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.myItems}
            element={
              <GuardedPage title="page.myItem" action="inventory.read">
                <MyProductsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.labels}
            element={
              <GuardedPage title="page.labels" action="labels.print">
                <LabelsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.scan}
            element={
              <GuardedPage title="page.scan" action="inventory.read">
                <ScanRoute />
              </GuardedPage>
            }
          />
          <Route
            path={paths.settings}
            element={
              <GuardedPage title="page.settings" action="settings.own">
                <SettingsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.dashboard}
            element={
              <GuardedPage title="page.dashboard" action="dashboard.read">
                <DashboardPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.importItems}
            element={
              <GuardedPage title="page.import" action="import.run">
                <ImportProductsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.users}
            element={
              <GuardedPage title="page.users" action="users.manage">
                <UsersPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.unitPattern}
            element={
              <GuardedPage title="page.unit" action="inventory.read">
                <UnitRoute />
              </GuardedPage>
            }
          />
          <Route
            path={paths.pending}
            element={
              <GuardedPage title="page.pending" action="inventory.read">
                <PendingPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.categories}
            element={
              <GuardedPage title="page.categories" action="categories.manage">
                <CategoriesPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.locations}
            element={
              <GuardedPage title="page.locations" action="inventory.read">
                <LocationsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.claims}
            element={
              <GuardedPage title="page.claims" action="inventory.read">
                <ClaimsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.dispatches}
            element={
              <GuardedPage title="page.dispatches" action="inventory.read">
                <DispatchesPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.receipts}
            element={
              <GuardedPage title="page.receipts" action="inventory.read">
                <ReceiptsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.dispatchPattern}
            element={
              <GuardedPage title="page.dispatch" action="inventory.read">
                <DispatchPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.challanPattern}
            element={
              <GuardedPage title="page.challan" action="inventory.read">
                <ChallanPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.receiptPattern}
            element={
              <GuardedPage title="page.receipt" action="inventory.read">
                <ReceiptPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.counts}
            element={
              <GuardedPage title="page.counts" action="inventory.read">
                <CountsPage />
              </GuardedPage>
            }
          />
          <Route
            path={paths.countPattern}
            element={
              <GuardedPage title="page.count" action="inventory.read">
                <CountPage />
              </GuardedPage>
            }
          />
        </Route>
        <Route
          path={paths.login}
          element={
            <TitledPage title="page.login">
              <LoginPage />
            </TitledPage>
          }
        />
        <Route
          path={paths.register}
          element={
            <TitledPage title="page.register">
              <RegisterPage />
            </TitledPage>
          }
        />
        <Route path={paths.blog} element={blog} />
        <Route path={paths.warranty} element={warranty} />
        <Route
          path={paths.resetPassword}
          element={
            <TitledPage title="page.resetPassword">
              <ResetPasswordPage />
            </TitledPage>
          }
        />
        <Route
          path={paths.verifyEmail}
          element={
            <TitledPage title="page.verifyEmail">
              <VerifyEmailPage />
            </TitledPage>
          }
        />
        <Route
          path="*"
          element={
            <TitledPage title="page.notFound">
              <NotFound />
            </TitledPage>
          }
        />
      </Route>
    </Routes>
  );
}
