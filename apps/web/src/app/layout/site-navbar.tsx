import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { AuthResolving } from '../../components/auth-resolving.tsx';
import { paths } from '../../config/paths.ts';
import { signOut, useSession } from '../../lib/session.ts';

const ITEM_LINKS = [
  { to: paths.manageItems, label: 'Manage Items' },
  { to: paths.addItem, label: 'Add Item' },
  { to: paths.myItems, label: 'My items' },
  { to: paths.blog, label: 'Blog' },
] as const;

/**
 * Sticky top navigation that collapses below the lg breakpoint (992 px). Item links are shown to
 * everyone; the last slot is Login when signed out and a Logout button when signed in.
 */
export function SiteNavbar() {
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  async function handleLogout() {
    setSigningOut(true);
    try {
      await signOut();
      // Nothing fetched for the previous user may be shown to whoever uses this browser next.
      queryClient.clear();
    } catch {
      const { toast } = await import('../../lib/toast.ts');
      toast.error('Could not sign you out. Please check your connection and try again.');
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <Navbar expand="lg" sticky="top" bg="dark" data-bs-theme="dark" collapseOnSelect className="site-navbar">
      <Container>
        <Navbar.Brand as={Link} to={paths.home} className="py-0">
          <img src="/images/logo.svg" width={168} height={40} alt="Walton Warehouse home" />
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="site-navbar-links" aria-label="Toggle navigation" />
        <Navbar.Collapse id="site-navbar-links">
          <Nav className="ms-auto align-items-lg-center gap-lg-1" as="ul">
            {ITEM_LINKS.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={NavLink} to={link.to} eventKey={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
            <Nav.Item as="li" className="ms-lg-2 py-2 py-lg-0">
              {isPending ? (
                <AuthResolving compact />
              ) : user ? (
                <Button variant="outline-light" onClick={handleLogout} disabled={signingOut}>
                  Logout
                </Button>
              ) : (
                <Nav.Link as={NavLink} to={paths.login} eventKey={paths.login}>
                  Login
                </Nav.Link>
              )}
            </Nav.Item>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
