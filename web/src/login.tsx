/** Sign-in when security is on: the credentials are checked against `_security/_authenticate`, then kept for the tab. */
import { useState, type FormEvent } from 'react';
import { es, EsError } from './api/es.ts';
import { clearCredentials, saveCredentials } from './session.ts';

export function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    saveCredentials({ username, password });
    try {
      await es('GET', '/_security/_authenticate');
      onSignedIn();
    } catch (e) {
      clearCredentials();
      setError(e instanceof EsError ? e.reason : String(e));
    }
  };

  return (
    <form className="login" onSubmit={submit} aria-label="Sign in">
      <h1>Tessera</h1>
      <label>
        Username
        <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit">Sign in</button>
    </form>
  );
}
