import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { paths } from '../config/paths.ts';
import { RootLayout, type RouteHandle } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';

// Every page is its own chunk, so a route loads only the code it shows.
const HomePage = lazy(() => import('./routes/home-page.tsx'));
const ManageItemsPage = lazy(() => import('../features/inventory/pages/manage-items-page.tsx'));
const ItemDetailPage = lazy(() => import('../features/inventory/pages/item-detail-page.tsx'));
const AddItemPage = lazy(() => import('../features/inventory/pages/add-item-page.tsx'));
const MyItemsPage = lazy(() => import('../features/inventory/pages/my-items-page.tsx'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page.tsx'));
const BlogPage = lazy(() => import('../features/blog/pages/blog-page.tsx'));
const NotFound = lazy(() => import('../components/not-found.tsx'));

const title = (pageTitle: string): RouteHandle => ({ title: pageTitle });

/** The spec's route table (section 2) plus the identity pages; titles follow `{page title}- Walton Warehouse`. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage />, handle: title('Home') },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.manageItems, element: <ManageItemsPage />, handle: title('Manage Item') },
          { path: paths.itemDetailPattern, element: <ItemDetailPage />, handle: title('Details') },
          { path: paths.addItem, element: <AddItemPage />, handle: title('Add Item') },
          { path: paths.myItems, element: <MyItemsPage />, handle: title('My Item') },
        ],
      },
      { path: paths.login, element: <LoginPage />, handle: title('Login') },
      { path: paths.register, element: <RegisterPage />, handle: title('Register') },
      { path: paths.blog, element: <BlogPage />, handle: title('Blog') },
      { path: paths.resetPassword, element: <ResetPasswordPage />, handle: title('Reset Password') },
      { path: paths.verifyEmail, element: <VerifyEmailPage />, handle: title('Verify Email') },
      { path: '*', element: <NotFound />, handle: title('Not Found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
