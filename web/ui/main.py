# Entry point run by PyScript (see index.html); the work is in app.py.
import app

app.App().start()
