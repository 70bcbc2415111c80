// The public site's stylesheets, in cascade order. Imported once by the (frontend) layout and by global-error.
import './tokens.css'
import './base.css'
import './layout.css'
import './components.css'
import './home.css'
import './errors.css'
