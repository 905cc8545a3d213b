import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { renderPasswordResetMail } from './password-reset-mail';

const link = 'http://localhost:3000/redefinir-senha?token=abc_DEF-123&x=1';

describe('renderPasswordResetMail', () => {
  it('writes the pt-BR mail with the link in both parts', () => {
    const mail = renderPasswordResetMail({ t: translator('pt-BR'), name: 'Ana Souza', link, minutes: 30 });
    expect(mail.subject).toBe('Redefinição de senha do Funil');
    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.text).toContain('válido por 30 minutos');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="http://localhost:3000/redefinir-senha?token=abc_DEF-123&amp;x=1"');
    expect(mail.html).toContain('>Redefinir senha</a>');
  });

  it('speaks the language it is given', () => {
    const mail = renderPasswordResetMail({ t: translator('en'), name: 'Ana', link, minutes: 30 });
    expect(mail.subject).toBe('Funil password reset');
    expect(mail.text).toContain('Hello, Ana!');
    expect(mail.html).toContain('>Reset password</a>');
    const spanish = renderPasswordResetMail({ t: translator('es'), name: 'Ana', link, minutes: 30 });
    expect(spanish.subject).toBe('Restablecimiento de contraseña de Funil');
  });

  it('keeps a name with HTML characters as text in the HTML part, and as it is in the text part', () => {
    const mail = renderPasswordResetMail({
      t: translator('pt-BR'),
      name: '<b>Ana</b> & "Cia"',
      link,
      minutes: 30,
    });
    expect(mail.html).toContain('Olá, &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Cia&quot;!');
    expect(mail.html).not.toContain('<b>Ana</b>');
    expect(mail.text).toContain('Olá, <b>Ana</b> & "Cia"!');
  });
});
