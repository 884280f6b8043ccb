/**
 * Other builds of Python and the applications that embed CPython behind python's own command line
 * (`-c CODE`, `-` for stdin, `-m MODULE`, a script and its arguments), each documented as doing
 * so: the Windows launcher `py` and pythonw, Jython, GraalPy, MicroPython, and the Python shells
 * of graphics and science packages (SideFX Houdini's hython, Autodesk Maya's mayapy, ParaView's
 * pvpython and pvbatch, VTK's vtkpython, Esri ArcGIS Pro's propy, FreeCAD's FreeCADCmd, Mantid's
 * mantidpython). One list, read by the command-word reading (shell-wrappers.ts: the program is
 * read as python3) and by the interpreter readings (effects/interp/languages.ts: its `-c` code
 * is read as Python), so a name added here counts in both.
 */
export const HOSTED_PYTHON_NAMES = String.raw`py|pythonw[\d.]*|jython|graalpy|micropython|hython[\d.]*|mayapy[\d.]*|pvpython|pvbatch|vtkpython|propy(?:\.bat)?|freecadcmd|mantidpython`;

export const HOSTED_PYTHON = new RegExp(`^(?:${HOSTED_PYTHON_NAMES})$`, 'i');
