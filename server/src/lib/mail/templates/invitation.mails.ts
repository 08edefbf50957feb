import type { LanguageCode } from '@tagtrack/contract';
import type { MailTemplate } from './mail-template.js';

/** The invitation a cloud user added without a password gets (docs/mail.md). */
export const INVITATION_MAILS: Record<LanguageCode, MailTemplate> = {
  en: {
    subject: 'Your Tagtrack account is ready',
    paragraphs: [
      'Hello {{name}},',
      'An administrator has created a Tagtrack account for you. Your username is {{username}}. To choose your password and sign in, open this link:',
      '{{link}}',
      'The link is valid for {{days}} days and can be used once. If it has expired, use "Forgot password?" on the sign-in page.',
    ],
  },
  cs: {
    subject: 'Váš účet Tagtrack je připraven',
    paragraphs: [
      'Dobrý den, {{name}},',
      'administrátor pro vás vytvořil účet Tagtrack. Vaše uživatelské jméno je {{username}}. Heslo si zvolíte a přihlásíte se po otevření tohoto odkazu:',
      '{{link}}',
      'Odkaz platí {{days}} dní a lze jej použít jen jednou. Pokud vypršel, použijte na přihlašovací stránce „Zapomenuté heslo?“.',
    ],
  },
  da: {
    subject: 'Din Tagtrack-konto er klar',
    paragraphs: [
      'Hej {{name}}',
      'En administrator har oprettet en Tagtrack-konto til dig. Dit brugernavn er {{username}}. Åbn dette link for at vælge din adgangskode og logge ind:',
      '{{link}}',
      'Linket er gyldigt i {{days}} dage og kan bruges én gang. Hvis det er udløbet, så brug "Glemt adgangskode?" på login-siden.',
    ],
  },
  de: {
    subject: 'Ihr Tagtrack-Konto ist bereit',
    paragraphs: [
      'Hallo {{name}},',
      'ein Administrator hat für Sie ein Tagtrack-Konto angelegt. Ihr Benutzername ist {{username}}. Um Ihr Passwort festzulegen und sich anzumelden, öffnen Sie diesen Link:',
      '{{link}}',
      'Der Link ist {{days}} Tage gültig und kann einmal verwendet werden. Ist er abgelaufen, nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite.',
    ],
  },
  es: {
    subject: 'Su cuenta de Tagtrack está lista',
    paragraphs: [
      'Hola, {{name}}:',
      'Un administrador ha creado una cuenta de Tagtrack para usted. Su nombre de usuario es {{username}}. Para elegir su contraseña e iniciar sesión, abra este enlace:',
      '{{link}}',
      'El enlace es válido durante {{days}} días y solo puede usarse una vez. Si ha caducado, utilice «¿Ha olvidado la contraseña?» en la página de inicio de sesión.',
    ],
  },
  fr: {
    subject: 'Votre compte Tagtrack est prêt',
    paragraphs: [
      'Bonjour {{name}},',
      "Un administrateur a créé un compte Tagtrack pour vous. Votre nom d'utilisateur est {{username}}. Pour choisir votre mot de passe et vous connecter, ouvrez ce lien :",
      '{{link}}',
      "Le lien est valable {{days}} jours et ne peut être utilisé qu'une fois. S'il a expiré, utilisez « Mot de passe oublié ? » sur la page de connexion.",
    ],
  },
  hu: {
    subject: 'Elkészült a Tagtrack-fiókja',
    paragraphs: [
      'Kedves {{name}}!',
      'Egy rendszergazda Tagtrack-fiókot hozott létre Önnek. A felhasználóneve: {{username}}. A jelszava megadásához és a bejelentkezéshez nyissa meg ezt a hivatkozást:',
      '{{link}}',
      'A hivatkozás {{days}} napig érvényes, és egyszer használható. Ha lejárt, használja a bejelentkezési oldalon az „Elfelejtette a jelszavát?” lehetőséget.',
    ],
  },
  it: {
    subject: 'Il tuo account Tagtrack è pronto',
    paragraphs: [
      'Ciao {{name}},',
      'un amministratore ha creato per te un account Tagtrack. Il tuo nome utente è {{username}}. Per scegliere la password e accedere, apri questo link:',
      '{{link}}',
      'Il link è valido per {{days}} giorni e può essere usato una sola volta. Se è scaduto, usa «Password dimenticata?» nella pagina di accesso.',
    ],
  },
  nl: {
    subject: 'Uw Tagtrack-account is klaar',
    paragraphs: [
      'Hallo {{name}},',
      'Een beheerder heeft een Tagtrack-account voor u aangemaakt. Uw gebruikersnaam is {{username}}. Open deze link om uw wachtwoord te kiezen en u aan te melden:',
      '{{link}}',
      'De link is {{days}} dagen geldig en kan één keer worden gebruikt. Is hij verlopen, gebruik dan "Wachtwoord vergeten?" op de aanmeldpagina.',
    ],
  },
  no: {
    subject: 'Tagtrack-kontoen din er klar',
    paragraphs: [
      'Hei {{name}}',
      'En administrator har opprettet en Tagtrack-konto for deg. Brukernavnet ditt er {{username}}. Åpne denne lenken for å velge passord og logge inn:',
      '{{link}}',
      'Lenken er gyldig i {{days}} dager og kan brukes én gang. Hvis den har utløpt, bruk «Glemt passordet?» på innloggingssiden.',
    ],
  },
  pl: {
    subject: 'Twoje konto Tagtrack jest gotowe',
    paragraphs: [
      'Dzień dobry, {{name}},',
      'administrator utworzył dla Ciebie konto Tagtrack. Twoja nazwa użytkownika to {{username}}. Aby ustawić hasło i się zalogować, otwórz ten link:',
      '{{link}}',
      'Link jest ważny przez {{days}} dni i można go użyć tylko raz. Jeśli wygasł, użyj opcji „Nie pamiętasz hasła?” na stronie logowania.',
    ],
  },
  sk: {
    subject: 'Váš účet Tagtrack je pripravený',
    paragraphs: [
      'Dobrý deň, {{name}},',
      'administrátor pre vás vytvoril účet Tagtrack. Vaše používateľské meno je {{username}}. Heslo si zvolíte a prihlásite sa po otvorení tohto odkazu:',
      '{{link}}',
      'Odkaz platí {{days}} dní a dá sa použiť iba raz. Ak jeho platnosť vypršala, použite na prihlasovacej stránke „Zabudnuté heslo?“.',
    ],
  },
  sv: {
    subject: 'Ditt Tagtrack-konto är klart',
    paragraphs: [
      'Hej {{name}}!',
      'En administratör har skapat ett Tagtrack-konto åt dig. Ditt användarnamn är {{username}}. Öppna den här länken för att välja lösenord och logga in:',
      '{{link}}',
      'Länken gäller i {{days}} dagar och kan användas en gång. Om den har gått ut, använd ”Glömt lösenordet?” på inloggningssidan.',
    ],
  },
  tr: {
    subject: 'Tagtrack hesabınız hazır',
    paragraphs: [
      'Merhaba {{name}},',
      'Bir yönetici sizin için bir Tagtrack hesabı oluşturdu. Kullanıcı adınız {{username}}. Parolanızı belirlemek ve oturum açmak için bu bağlantıyı açın:',
      '{{link}}',
      'Bağlantı {{days}} gün geçerlidir ve bir kez kullanılabilir. Süresi dolduysa oturum açma sayfasındaki "Parolanızı mı unuttunuz?" bağlantısını kullanın.',
    ],
  },
};
