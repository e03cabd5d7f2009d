import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui', padding: 32 }}>
      <h1>Clinic Manager</h1>
      <p>The server is running. The web app arrives with the web shell.</p>
      <p>
        API documentation: <a href="/api/docs">/api/docs</a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
