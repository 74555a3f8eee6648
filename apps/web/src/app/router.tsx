import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { usePageTitle } from '../components/page-title.ts';
import { paths } from '../config/paths.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import HomePage from './routes/home-page.tsx';

// The landing page ships in the entry chunk: it is where most visits start, and loading it lazily
// would put one more round trip before its first paint. Every other page is its own chunk, loaded
// when its route is first visited.
const ManageProductsPage = lazy(() => import('../features/inventory/pages/manage-products-page.tsx'));
const ProductDetailPage = lazy(() => import('../features/inventory/pages/product-detail-page.tsx'));
const AddProductPage = lazy(() => import('../features/inventory/pages/add-product-page.tsx'));
const EditProductPage = lazy(() => import('../features/inventory/pages/edit-product-page.tsx'));
const MyProductsPage = lazy(() => import('../features/inventory/pages/my-products-page.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page.tsx'));
const ImportProductsPage = lazy(() => import('../features/inventory/pages/import-products-page.tsx'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page.tsx'));
const LabelsPage = lazy(() => import('../features/labels/pages/labels-page.tsx'));
const ScanRoute = lazy(() => import('./routes/scan-route.tsx'));
const SettingsPage = lazy(() => import('../features/settings/pages/settings-page.tsx'));
const BlogPage = lazy(() => import('../features/blog/pages/blog-page.tsx'));
const NotFound = lazy(() => import('../components/not-found.tsx'));

/** A page with its document title, `{title}- Walton Warehouse`, set while it is shown. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/**
 * The spec's route table (section 2) plus the identity pages. Declarative routes keep the router
 * chunk small (the data-router APIs are not used), which matters for the landing page's budget.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          index
          element={
            <Page title="Home">
              <HomePage />
            </Page>
          }
        />
        <Route element={<ProtectedRoute />}>
          <Route
            path={paths.manageItems}
            element={
              <Page title="Manage Item">
                <ManageProductsPage />
              </Page>
            }
          />
          <Route
            path={paths.itemDetailPattern}
            element={
              <Page title="Details">
                <ProductDetailPage />
              </Page>
            }
          />
          <Route
            path={paths.itemEditPattern}
            element={
              <Page title="Edit Item">
                <EditProductPage />
              </Page>
            }
          />
          <Route
            path={paths.addItem}
            element={
              <Page title="Add Item">
                <AddProductPage />
              </Page>
            }
          />
          <Route
            path={paths.myItems}
            element={
              <Page title="My Item">
                <MyProductsPage />
              </Page>
            }
          />
          <Route
            path={paths.labels}
            element={
              <Page title="Labels">
                <LabelsPage />
              </Page>
            }
          />
          <Route
            path={paths.scan}
            element={
              <Page title="Scan">
                <ScanRoute />
              </Page>
            }
          />
          <Route
            path={paths.settings}
            element={
              <Page title="Settings">
                <SettingsPage />
              </Page>
            }
          />
          <Route
            path={paths.dashboard}
            element={
              <Page title="Dashboard">
                <DashboardPage />
              </Page>
            }
          />
          <Route
            path={paths.importItems}
            element={
              <Page title="Import">
                <ImportProductsPage />
              </Page>
            }
          />
        </Route>
        <Route
          path={paths.login}
          element={
            <Page title="Login">
              <LoginPage />
            </Page>
          }
        />
        <Route
          path={paths.register}
          element={
            <Page title="Register">
              <RegisterPage />
            </Page>
          }
        />
        <Route
          path={paths.blog}
          element={
            <Page title="Blog">
              <BlogPage />
            </Page>
          }
        />
        <Route
          path={paths.resetPassword}
          element={
            <Page title="Reset Password">
              <ResetPasswordPage />
            </Page>
          }
        />
        <Route
          path={paths.verifyEmail}
          element={
            <Page title="Verify Email">
              <VerifyEmailPage />
            </Page>
          }
        />
        <Route
          path="*"
          element={
            <Page title="Not Found">
              <NotFound />
            </Page>
          }
        />
      </Route>
    </Routes>
  );
}
