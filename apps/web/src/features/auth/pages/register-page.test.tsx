import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { SPEC_TEXT } from '@walton/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';

interface Filled {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
  accept?: boolean;
}

async function fillForm(user: UserEvent, values: Filled = {}) {
  const {
    name = 'Rahim Uddin',
    email = 'rahim@example.com',
    password = 'correct-horse-battery',
    confirm = password,
    accept = true,
  } = values;
  await user.type(await screen.findByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  if (accept) await user.click(screen.getByRole('checkbox', { name: SPEC_TEXT.acceptTerms }));
}

function signUpAnswers(answer: () => Response) {
  const requests: unknown[] = [];
  server.use(
    http.post('/api/auth/sign-up/email', async ({ request }) => {
      requests.push(await request.json());
      return answer();
    }),
  );
  return requests;
}

const userExists = () =>
  HttpResponse.json(
    { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists. Use another email.' },
    { status: 422 },
  );

describe('/register', () => {
  it('has name, email (type email), password, confirm password, terms, Register, Login and Google', async () => {
    await renderRoute('/register');
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: SPEC_TEXT.acceptTerms })).not.toBeChecked();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('button', { name: SPEC_TEXT.continueWithGoogle })).toBeInTheDocument();
  });

  it('enables Register only while the terms checkbox is ticked', async () => {
    const { user } = await renderRoute('/register');
    const registerButton = await screen.findByRole('button', { name: 'Register' });
    const terms = screen.getByRole('checkbox', { name: SPEC_TEXT.acceptTerms });
    expect(registerButton).toBeDisabled();
    await user.click(terms);
    expect(registerButton).toBeEnabled();
    await user.click(terms);
    expect(registerButton).toBeDisabled();
  });

  it('shows "Your Password Dont Match" and registers nobody when the passwords differ', async () => {
    const requests = signUpAnswers(() => HttpResponse.json({}));
    const { user } = await renderRoute('/register');
    await fillForm(user, { password: 'first-password', confirm: 'second-password' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const message = await screen.findByText(SPEC_TEXT.passwordMismatch);
    expect(message).toHaveClass('text-danger');
    expect(requests).toHaveLength(0);
  });

  it('requires every field', async () => {
    const requests = signUpAnswers(() => HttpResponse.json({}));
    const { user } = await renderRoute('/register');
    await user.click(await screen.findByRole('checkbox', { name: SPEC_TEXT.acceptTerms }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const text of [
      'Please enter your name',
      'Please enter your email',
      'Please enter a password',
      'Please enter the password again',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s error in red, and it takes precedence over the mismatch message', async () => {
    const requests = signUpAnswers(userExists);
    const { user } = await renderRoute('/register');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const serverMessage = await screen.findByText('User already exists. Use another email.');
    expect(serverMessage).toHaveClass('text-danger');
    expect(requests).toEqual([
      {
        name: 'Rahim Uddin',
        email: 'rahim@example.com',
        password: 'correct-horse-battery',
        callbackURL: '/verify-email',
      },
    ]);

    await user.type(screen.getByLabelText('Confirm password'), '-typo');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('User already exists. Use another email.')).toBeInTheDocument();
    expect(screen.queryByText(SPEC_TEXT.passwordMismatch)).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('signs up with the display name and asks the user to verify the email address', async () => {
    const requests = signUpAnswers(() =>
      HttpResponse.json({ token: null, user: { ...testUser({ emailVerified: false }), image: null } }),
    );
    const { user } = await renderRoute('/register');
    await fillForm(user, { name: 'Nadia Islam', email: 'nadia@example.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Welcome, Nadia Islam! We sent a verification email to nadia@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByText('nadia@example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(requests).toEqual([
      {
        name: 'Nadia Islam',
        email: 'nadia@example.com',
        password: 'correct-horse-battery',
        callbackURL: '/verify-email',
      },
    ]);
  });

  it('sends a signed-in visitor to /', async () => {
    const { route } = await renderRoute('/register', { user: testUser() });
    await waitFor(() => expect(route().location.pathname).toBe('/'));
    expect(route().navigationType).toBe('REPLACE');
  });
});
