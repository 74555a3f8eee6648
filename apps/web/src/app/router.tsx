import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { usePageTitle } from '../components/page-title.ts';
import { paths } from '../config/paths.ts';
import { loadPageMessages, type MessageKey } from '../i18n/i18n.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import HomePage from './routes/home-page.tsx';

/** A page loaded on demand together with the texts of the pages (i18n/i18n.ts), so it renders in one go. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadPageMessages()]).then(([page]) => page));
}

// The landing page ships in the entry chunk: it is where most visits start, and loading it lazily
// would put one more round trip before its first paint. Every other page is its own chunk, loaded
// when its route is first visited.
const ManageProductsPage = lazyPage(() => import('../features/inventory/pages/manage-products-page.tsx'));
const ProductDetailPage = lazyPage(() => import('../features/inventory/pages/product-detail-page.tsx'));
const AddProductPage = lazyPage(() => import('../features/inventory/pages/add-product-page.tsx'));
const EditProductPage = lazyPage(() => import('../features/inventory/pages/edit-product-page.tsx'));
const MyProductsPage = lazyPage(() => import('../features/inventory/pages/my-products-page.tsx'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/dashboard-page.tsx'));
const ImportProductsPage = lazyPage(() => import('../features/inventory/pages/import-products-page.tsx'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page.tsx'));
const LabelsPage = lazyPage(() => import('../features/labels/pages/labels-page.tsx'));
const ScanRoute = lazyPage(() => import('./routes/scan-route.tsx'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page.tsx'));
const BlogPage = lazy(() => import('../features/blog/pages/blog-page.tsx'));
const NotFound = lazy(() => import('../components/not-found.tsx'));

/** A page with its document title, `{title}- Walton Warehouse`, set while it is shown. */
function Page({ title, children }: { title: MessageKey; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/**
 * The spec's route table (section 2) plus the identity pages. Declarative routes keep the router
 * chunk small (the data-router APIs are not used), which matters for the landing page's budget.
 */
export function AppRoutes() {
  // The public pages, at their English and their Bengali address.
  const home = (
    <Page title="page.home">
      <HomePage />
    </Page>
  );
  const blog = (
    <Page title="page.blog">
      <BlogPage />
    </Page>
  );
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={home} />
        {/* The public pages prerendered in Bengali too (ADR 17); the other pages have one address. */}
        <Route path={paths.bengali}>
          <Route index element={home} />
          <Route path={paths.blog.slice(1)} element={blog} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route
            path={paths.manageItems}
            element={
              <Page title="page.manageItem">
                <ManageProductsPage />
              </Page>
            }
          />
          <Route
            path={paths.itemDetailPattern}
            element={
              <Page title="page.details">
                <ProductDetailPage />
              </Page>
            }
          />
          <Route
            path={paths.itemEditPattern}
            element={
              <Page title="page.edit">
                <EditProductPage />
              </Page>
            }
          />
          <Route
            path={paths.addItem}
            element={
              <Page title="page.addItem">
                <AddProductPage />
              </Page>
            }
          />
          <Route
            path={paths.myItems}
            element={
              <Page title="page.myItem">
                <MyProductsPage />
              </Page>
            }
          />
          <Route
            path={paths.labels}
            element={
              <Page title="page.labels">
                <LabelsPage />
              </Page>
            }
          />
          <Route
            path={paths.scan}
            element={
              <Page title="page.scan">
                <ScanRoute />
              </Page>
            }
          />
          <Route
            path={paths.settings}
            element={
              <Page title="page.settings">
                <SettingsPage />
              </Page>
            }
          />
          <Route
            path={paths.dashboard}
            element={
              <Page title="page.dashboard">
                <DashboardPage />
              </Page>
            }
          />
          <Route
            path={paths.importItems}
            element={
              <Page title="page.import">
                <ImportProductsPage />
              </Page>
            }
          />
        </Route>
        <Route
          path={paths.login}
          element={
            <Page title="page.login">
              <LoginPage />
            </Page>
          }
        />
        <Route
          path={paths.register}
          element={
            <Page title="page.register">
              <RegisterPage />
            </Page>
          }
        />
        <Route path={paths.blog} element={blog} />
        <Route
          path={paths.resetPassword}
          element={
            <Page title="page.resetPassword">
              <ResetPasswordPage />
            </Page>
          }
        />
        <Route
          path={paths.verifyEmail}
          element={
            <Page title="page.verifyEmail">
              <VerifyEmailPage />
            </Page>
          }
        />
        <Route
          path="*"
          element={
            <Page title="page.notFound">
              <NotFound />
            </Page>
          }
        />
      </Route>
    </Routes>
  );
}
