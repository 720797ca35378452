"""The class table server: students play each other on their phones, at tables a teacher
opens, with the exact mathematics beside the play.
"""
