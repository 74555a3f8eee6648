import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The narrow centred card every sign-in screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container py-5">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: 480 }}>
        <Card.Body className="p-4">
          <h1 className="h3 text-center mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </div>
  );
}
